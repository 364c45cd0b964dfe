import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/card';
import { Input } from '../../components/input';
import { Label } from '../../components/label';
import { Spinner } from '../../components/spinner';
import type { ProblemMessage } from '../../lib/api/problem-words';
import { filterCodeInput } from '../../lib/code-input';
import { useConfig } from '../../lib/config-context';
import { useInteractive } from '../../lib/interactive';

export interface RetrieveFormProps {
  initialCode: string;
  loading: boolean;
  error?: ProblemMessage;
  onLookup: (code: string) => void;
}

/**
 * docs/product.md#landing-page, "Retrieve Shared Content": digits only, looked up on submit at 4+
 * digits.
 */
export function RetrieveForm({ initialCode, loading, error, onLookup }: RetrieveFormProps) {
  const { codeMinDigits, codeMaxDigits } = useConfig();
  const { t } = useLingui();
  const [value, setValue] = useState(initialCode);
  const [tooShort, setTooShort] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // The served page's button stays enabled until the script has adopted it: a visitor who
  // types a code and presses Enter before then submits the form natively (`?code=`), which
  // the home page looks up, instead of pressing a button that the page has not yet enabled.
  const interactive = useInteractive();
  // A code typed into the served page before its script adopted it is in the field, not in
  // the state: keep it (a visitor may type as soon as the page appears).
  useEffect(() => {
    const typed = field.current?.value ?? '';
    if (typed !== '' && typed !== initialCode) setValue(filterCodeInput(typed, codeMaxDigits));
  }, [initialCode, codeMaxDigits]);
  const code = value.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code === '' || loading) return;
    if (code.length < codeMinDigits) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    onLookup(code);
  };

  return (
    <Card id="retrieve" look="raised">
      <CardHeader>
        <CardTitle>
          <Trans>Retrieve Shared Content</Trans>
        </CardTitle>
        <CardDescription>
          <Trans>Enter a code to access shared clipboard, notes, or files</Trans>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="group flex flex-col gap-3">
          <Label htmlFor="share-code" className="sr-only">
            <Trans>Share code</Trans>
          </Label>
          <Input
            ref={field}
            id="share-code"
            name="code"
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            placeholder={t`Enter ${codeMinDigits}-${codeMaxDigits} digit code...`}
            value={value}
            onChange={(event) => {
              setValue(filterCodeInput(event.target.value, codeMaxDigits));
              setTooShort(false);
            }}
            aria-invalid={tooShort || error !== undefined}
            aria-describedby={tooShort ? 'share-code-hint' : undefined}
            fieldSize="code"
            className="text-center font-mono tracking-[0.3em] placeholder:font-sans placeholder:text-base placeholder:tracking-normal"
          />
          {tooShort && (
            <p id="share-code-hint" className="text-sm text-red-700">
              <Trans>Codes have at least {codeMinDigits} digits.</Trans>
            </p>
          )}
          <Button
            type="submit"
            size="lg"
            disabled={interactive && (code === '' || loading)}
            // Until then it looks disabled while the field is empty, as it will be.
            className="group-has-[input:placeholder-shown]:opacity-50"
          >
            {loading ? (
              <>
                <Spinner />
                <Trans>Searching...</Trans>
              </>
            ) : (
              <>
                <Search aria-hidden="true" />
                <Trans>Retrieve Content</Trans>
              </>
            )}
          </Button>
          {error && !loading && (
            <Alert variant="error" title={error.title}>
              {error.detail}
            </Alert>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
