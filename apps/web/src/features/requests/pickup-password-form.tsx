import { Trans, useLingui } from '@lingui/react/macro';
import { LockOpen } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PasswordField } from '../../components/encryption/password-field';
import { Label } from '../../components/label';
import { Spinner } from '../../components/spinner';
import type { ProblemMessage } from '../../lib/api/problem-words';
import { useConfig } from '../../lib/config-context';
import { useCanEncrypt } from '../../lib/encryption/secure-context';
import { useMessages } from '../../lib/i18n/product-messages';

export interface PickupPasswordFormProps {
  /** The attempts left before the request is destroyed, as the lookup said. */
  attemptsLeft: number;
  onSubmit: (password: string) => Promise<void>;
  error?: ProblemMessage;
}

/**
 * The asker's password, to open the submissions in this browser; earlier wrong tries are
 * counted as for an encrypted share (docs/product.md#passwords).
 */
export function PickupPasswordForm({ attemptsLeft, onSubmit, error }: PickupPasswordFormProps) {
  const { t } = useLingui();
  const messages = useMessages();
  const { unlockMaxFailures } = useConfig();
  const secure = useCanEncrypt();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const blank = password.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || busy) return;
    setBusy(true);
    try {
      await onSubmit(password);
    } finally {
      setBusy(false);
    }
    // Still here (wrong password): let the asker retype at once.
    input.current?.focus();
    input.current?.select();
  };

  if (!secure) return <Alert variant="warning">{messages.insecureContext}</Alert>;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t`Pick up submissions`}
      className="flex flex-col gap-4"
    >
      <p className="text-sm text-slate-600">
        <Trans>
          Asked for this? Enter your password: the submissions are decrypted in this browser.
        </Trans>
      </p>
      {attemptsLeft < unlockMaxFailures && error === undefined && (
        <Alert variant="info">{messages.attemptsLeft(attemptsLeft)}</Alert>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor="pickup-password">
          <Trans>Password</Trans>
        </Label>
        <PasswordField
          id="pickup-password"
          ref={input}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          placeholder={t`Enter the password`}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : 'pickup-error'}
        />
      </div>
      {error !== undefined && (
        <Alert id="pickup-error" variant="error" title={error.title}>
          {error.detail}
        </Alert>
      )}
      {busy && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner />
          <Trans>Checking the password and decrypting…</Trans>
        </p>
      )}
      <Button type="submit" size="lg" disabled={blank || busy}>
        {busy ? <Spinner /> : <LockOpen aria-hidden="true" />}
        <Trans>Open Submissions</Trans>
      </Button>
    </form>
  );
}
