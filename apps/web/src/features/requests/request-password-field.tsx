import { generatePassword } from '@codedrop/crypto';
import { Trans, useLingui } from '@lingui/react/macro';
import { Copy, KeyRound } from 'lucide-react';
import { useState, type Ref } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/button';
import { FieldError } from '../../components/field-error';
import { Label } from '../../components/label';
import { PasswordField } from '../../components/encryption/password-field';
import { copyText } from '../../lib/copy-text';

export interface RequestPasswordFieldProps {
  value: string;
  onChange: (password: string) => void;
  error?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The asker's password, with show/hide, a random one on Generate (shown at once) and Copy,
 * as on the encryption options of the create pages; here it is never optional.
 */
export function RequestPasswordField({
  value,
  onChange,
  error,
  disabled,
  inputRef,
}: RequestPasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  const generate = () => {
    onChange(generatePassword());
    setVisible(true);
  };
  const copy = async () => {
    if (await copyText(value)) toast.success(t`Password copied`);
    else
      toast.error(t`Could not copy`, { description: t`Select the password and copy it manually.` });
  };
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor="request-password">
        <Trans>Password</Trans>
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="flex-1">
          <PasswordField
            id="request-password"
            ref={inputRef}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            visible={visible}
            onVisibleChange={setVisible}
            disabled={disabled}
            placeholder={t`Enter a password`}
            aria-invalid={error !== undefined}
            aria-describedby={
              error === undefined
                ? 'request-password-hint'
                : 'request-password-error request-password-hint'
            }
          />
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="field"
            fillOnPhone
            onClick={generate}
            disabled={disabled}
            aria-label={t`Generate random password`}
          >
            <KeyRound aria-hidden="true" />
            <Trans>Generate</Trans>
          </Button>
          {value !== '' && (
            <Button
              variant="secondary"
              size="field"
              fillOnPhone
              onClick={() => void copy()}
              disabled={disabled}
              aria-label={t`Copy password`}
            >
              <Copy aria-hidden="true" />
              <Trans>Copy</Trans>
            </Button>
          )}
        </div>
      </div>
      <FieldError id="request-password-error" message={error} />
      <p id="request-password-hint" className="text-sm text-slate-600">
        <Trans>
          You need it to open what is sent. Keep it: nobody can recover it, and senders never need
          it.
        </Trans>
      </p>
    </div>
  );
}
