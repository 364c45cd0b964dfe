import { emailPattern } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Mail } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { requestRecovery } from '../../lib/api/recovery-api';
import { problemWords, type ProblemMessage } from '../../lib/api/problem-words';
import { useMessages } from '../../lib/i18n/product-messages';
import { Alert } from '../alert';
import { Button } from '../button';
import { Input } from '../input';
import { Label } from '../label';
import { Spinner } from '../spinner';

export interface RecoveryFormProps {
  code: string;
  /** The email went out: the form closes. */
  onSent: () => void;
  onBack: () => void;
}

/**
 * "Forgot password?" (docs/product.md#password-recovery, docs/design.md#recovery-email): the
 * recovery email given at creation gets the escrowed password.
 */
export function RecoveryForm({ code, onSent, onBack }: RecoveryFormProps) {
  const id = useId();
  const { t, i18n } = useLingui();
  const messages = useMessages();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ProblemMessage | null>(null);
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const trimmed = email.trim();
    const invalid =
      trimmed === ''
        ? messages.recoveryEmailRequired
        : emailPattern.test(trimmed)
          ? null
          : messages.invalidEmail;
    setFieldError(invalid);
    setFailure(null);
    if (invalid !== null) {
      inputRef.current?.focus();
      return;
    }
    setSending(true);
    const result = await requestRecovery(trimmed, code);
    setSending(false);
    if (result.ok) {
      toast.success(messages.recoverySentTitle, { description: messages.recoverySentDetail });
      onSent();
      return;
    }
    const message = problemWords('recovery', result.problem, i18n);
    setFailure(message);
    toast.error(message.title, { description: message.detail });
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          <Trans>Recover your password</Trans>
        </h2>
        <p className="text-sm text-slate-600">
          <Trans>
            Enter the recovery email given when this share was created. If it matches, we send the
            password there.
          </Trans>
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>
          <Trans>Recovery email</Trans>
        </Label>
        <Input
          id={`${id}-email`}
          ref={inputRef}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t`you@example.com`}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldError(null);
          }}
          disabled={sending}
          autoFocus
          aria-invalid={fieldError !== null}
          aria-describedby={fieldError === null ? undefined : `${id}-email-error`}
        />
        {fieldError !== null && (
          <p id={`${id}-email-error`} className="text-sm font-medium text-red-700">
            {fieldError}
          </p>
        )}
      </div>
      {failure !== null && (
        <Alert variant="error" title={failure.title}>
          {failure.detail}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={sending}>
          <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
          <Trans>Back</Trans>
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? <Spinner /> : <Mail aria-hidden="true" />}
          {sending ? t`Sending...` : t`Send Recovery`}
        </Button>
      </div>
    </form>
  );
}
