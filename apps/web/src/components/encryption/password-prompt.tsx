import { Trans, useLingui } from '@lingui/react/macro';
import { Lock, LockOpen, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import type { ProblemMessage } from '../../lib/api/problem-words';
import { useCanEncrypt } from '../../lib/encryption/secure-context';
import { useMessages } from '../../lib/i18n/product-messages';
import { Alert } from '../alert';
import { Button } from '../button';
import { Spinner } from '../spinner';
import { PasswordAttempt } from './password-attempt';
import { RecoveryForm } from './recovery-form';
import { usePasswordSubmit } from './use-password-submit';
import { IconTile } from '../icon-tile';

export interface PasswordPromptProps {
  code: string;
  /** Tries the password; the prompt shows its busy state until this settles. */
  onSubmit: (password: string) => Promise<void>;
  onCancel: () => void;
  /**
   * Why the last try failed, e.g. the decrypt failure and the attempts left
   * (docs/product.md#passwords).
   */
  error?: ProblemMessage;
  /** Shown above the form, e.g. that a burn-after-reading share is deleted once opened. */
  notice?: ReactNode;
}

/**
 * docs/product.md#password-prompt: password with show/hide, Decrypt & View Content (only with
 * a non-blank password), Cancel, and "Forgot password?" switching to the recovery form.
 * Over plain http it explains that decryption needs a secure connection.
 */
export function PasswordPrompt({ code, onSubmit, onCancel, error, notice }: PasswordPromptProps) {
  const id = useId();
  const { t } = useLingui();
  const messages = useMessages();
  const secure = useCanEncrypt();
  const [mode, setMode] = useState<'password' | 'recovery'>('password');
  const { password, setPassword, busy, blank, input, submit } = usePasswordSubmit(onSubmit);
  const [recoverySent, setRecoverySent] = useState(false);

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-5 py-2">
      <div className="flex flex-col items-center gap-3 text-center">
        <IconTile icon={Lock} tone="safe" size="heading" />
        <div>
          <h2 className="text-lg font-semibold text-slate-900">
            <Trans>This share is password protected</Trans>
          </h2>
          <p className="text-sm text-slate-600">
            <Trans>Enter the password to decrypt it in your browser.</Trans>
          </p>
        </div>
      </div>
      {notice}
      {!secure ? (
        <Alert variant="warning">{messages.insecureContext}</Alert>
      ) : mode === 'recovery' ? (
        <RecoveryForm
          code={code}
          onBack={() => setMode('password')}
          onSent={() => {
            setRecoverySent(true);
            setMode('password');
          }}
        />
      ) : (
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-label={t`Decrypt share`}
          className="flex flex-col gap-4"
        >
          {recoverySent && (
            <Alert variant="success" title={messages.recoverySentTitle}>
              {messages.recoverySentDetail}
            </Alert>
          )}
          <PasswordAttempt
            id={`${id}-password`}
            input={input}
            password={password}
            onPasswordChange={setPassword}
            error={error}
            busy={busy}
            autoFocus
          />
          <div className="flex flex-col gap-3 sm:flex-row-reverse">
            <Button type="submit" size="lg" disabled={blank || busy} className="sm:flex-1">
              {busy ? <Spinner /> : <LockOpen aria-hidden="true" />}
              <Trans>Decrypt & View Content</Trans>
            </Button>
            <Button variant="secondary" size="lg" onClick={onCancel} disabled={busy}>
              <X aria-hidden="true" />
              <Trans>Cancel</Trans>
            </Button>
          </div>
          <Button
            variant="link"
            onClick={() => {
              setRecoverySent(false);
              setMode('recovery');
            }}
            disabled={busy}
            className="self-center"
          >
            <Trans>Forgot password?</Trans>
          </Button>
        </form>
      )}
    </div>
  );
}
