import { LockOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ProblemMessage } from '../../lib/api/problem-words';
import { useConfig } from '../../lib/config-context';
import { useMessages } from '../../lib/i18n/product-messages';
import { Alert } from '../alert';
import { Button } from '../button';
import { Spinner } from '../spinner';
import { PasswordAttempt } from './password-attempt';
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
  const messages = useMessages();
  const { unlockMaxFailures } = useConfig();
  const { password, setPassword, busy, blank, input, submit } = usePasswordSubmit(onSubmit);

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
      <PasswordAttempt
        id={id}
        input={input}
        password={password}
        onPasswordChange={setPassword}
        error={error}
        busy={busy}
        autoFocus={autoFocus}
      />
      <Button type="submit" size="lg" disabled={blank || busy}>
        {busy ? <Spinner /> : <LockOpen aria-hidden="true" />}
        {action}
      </Button>
    </form>
  );
}
