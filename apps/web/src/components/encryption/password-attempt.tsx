import { Trans, useLingui } from '@lingui/react/macro';
import type { RefObject } from 'react';
import type { ProblemMessage } from '../../lib/api/problem-words';
import { Alert } from '../alert';
import { Label } from '../label';
import { Spinner } from '../spinner';
import { PasswordField } from './password-field';

export interface PasswordAttemptProps {
  /** The field's id; the error's is derived from it. */
  id: string;
  input: RefObject<HTMLInputElement | null>;
  password: string;
  onPasswordChange: (password: string) => void;
  /** Why the last try failed; the field is described by it. */
  error?: ProblemMessage;
  /** A try is running: the decrypting status is shown. */
  busy: boolean;
  autoFocus?: boolean;
}

/**
 * The middle of every form that opens something with its password (a share, a live room, a
 * request's submissions): the labelled field, the last try's refusal tied to it, and the
 * status while a try runs. Each form keeps its own heading, notices and buttons.
 */
export function PasswordAttempt(props: PasswordAttemptProps) {
  const { id, input, password, onPasswordChange, error, busy, autoFocus } = props;
  const { t } = useLingui();
  const errorId = `${id}-error`;
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>
          <Trans>Password</Trans>
        </Label>
        <PasswordField
          id={id}
          ref={input}
          value={password}
          onChange={(event) => onPasswordChange(event.target.value)}
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
    </>
  );
}
