import { Trans, useLingui } from '@lingui/react/macro';
import { LockOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ProblemMessage } from '../../lib/api/problem-words';
import { useConfig } from '../../lib/config-context';
import { useMessages } from '../../lib/i18n/product-messages';
import { Alert } from '../alert';
import { Button } from '../button';
import { Label } from '../label';
import { Spinner } from '../spinner';
import { PasswordField } from './password-field';
import { usePasswordSubmit } from './use-password-submit';

export interface UnlockFormProps {
  /** The field's id; the error's is derived from it. */
  id: string;
  /** The form's accessible name. */
  label: string;
  /** The submit button's words. */
  action: ReactNode;
  /** What the form is for, above the field. */
  intro?: ReactNode;
  /** The attempts left before what it opens is destroyed, as the lookup said. */
  attemptsLeft: number | null;
  onSubmit: (password: string) => Promise<void>;
  error?: ProblemMessage;
  autoFocus?: boolean;
}

/**
 * A password that opens something in this browser (a live room, a request's submissions):
 * the field, the attempts left once a wrong try was counted, the server's refusal, and
 * the decrypting status. Wrong tries count as for a share (docs/product.md#passwords); the
 * field is selected again after one so the visitor can retype at once.
 */
export function UnlockForm(props: UnlockFormProps) {
  const { id, label, action, intro, attemptsLeft, onSubmit, error, autoFocus } = props;
  const { t } = useLingui();
  const messages = useMessages();
  const { unlockMaxFailures } = useConfig();
  const { password, setPassword, busy, blank, input, submit } = usePasswordSubmit(onSubmit);
  const errorId = `${id}-error`;

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={label}
      className="flex flex-col gap-4"
    >
      {intro}
      {attemptsLeft !== null && attemptsLeft < unlockMaxFailures && error === undefined && (
        <Alert variant="info">{messages.attemptsLeft(attemptsLeft)}</Alert>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>
          <Trans>Password</Trans>
        </Label>
        <PasswordField
          id={id}
          ref={input}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          placeholder={t`Enter the password`}
          autoFocus={autoFocus}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorId}
        />
      </div>
      {error !== undefined && (
        <Alert id={errorId} variant="error" title={error.title}>
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
        {action}
      </Button>
    </form>
  );
}
