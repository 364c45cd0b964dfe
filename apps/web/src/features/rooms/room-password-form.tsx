import { Trans, useLingui } from '@lingui/react/macro';
import { Lock, LockOpen } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { PasswordField } from '../../components/encryption/password-field';
import { IconTile } from '../../components/icon-tile';
import { Label } from '../../components/label';
import { Spinner } from '../../components/spinner';
import type { ProblemMessage } from '../../lib/api/problem-words';
import { useConfig } from '../../lib/config-context';
import { useCanEncrypt } from '../../lib/encryption/secure-context';
import { useMessages } from '../../lib/i18n/product-messages';

export interface RoomPasswordFormProps {
  /** The attempts left before the room is destroyed, as the lookup said. */
  attemptsLeft: number | null;
  onSubmit: (password: string) => Promise<void>;
  error?: ProblemMessage;
}

/**
 * An encrypted room's password, in the look of an encrypted share's prompt: the text is
 * decrypted in this browser, and wrong tries count as for a share (docs/product.md#passwords).
 */
export function RoomPasswordForm({ attemptsLeft, onSubmit, error }: RoomPasswordFormProps) {
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
    // Still here (wrong password): let the visitor retype at once.
    input.current?.focus();
    input.current?.select();
  };

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-5 py-2">
      <div className="flex flex-col items-center gap-3 text-center">
        <IconTile icon={Lock} tone="safe" size="heading" />
        <div>
          <h2 className="text-lg font-semibold text-slate-900">
            <Trans>This room is password protected</Trans>
          </h2>
          <p className="text-sm text-slate-600">
            <Trans>Enter the password to join. The text is decrypted in your browser.</Trans>
          </p>
        </div>
      </div>
      {!secure ? (
        <Alert variant="warning">{messages.insecureContext}</Alert>
      ) : (
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label={t`Room password`}
          className="flex flex-col gap-4"
        >
          {attemptsLeft !== null && attemptsLeft < unlockMaxFailures && error === undefined && (
            <Alert variant="info">{messages.attemptsLeft(attemptsLeft)}</Alert>
          )}
          <div className="flex flex-col gap-2">
            <Label htmlFor="room-password">
              <Trans>Password</Trans>
            </Label>
            <PasswordField
              id="room-password"
              ref={input}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              placeholder={t`Enter the password`}
              autoFocus
              aria-invalid={error !== undefined}
              aria-describedby={error === undefined ? undefined : 'room-password-error'}
            />
          </div>
          {error !== undefined && (
            <Alert id="room-password-error" variant="error" title={error.title}>
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
            <Trans>Join Room</Trans>
          </Button>
        </form>
      )}
    </div>
  );
}
