import type { ReportReason } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Flag } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { knownWords, localProblem } from '../../../lib/api/known-words';
import { problemWords, type ProblemMessage } from '../../../lib/api/problem-words';
import { sendReport } from '../../../lib/api/report-api';
import { ContactFields } from './contact-fields';
import { ReasonFieldset } from './reason-fieldset';
import {
  reportBody,
  reportFieldErrors,
  type ReportField,
  type ReportFieldErrors,
} from './report-draft';

export interface ReportFormProps {
  code: string;
  /** The server took the report; `thanks` is its words, in the page's language. */
  onSent: (thanks: string) => void;
  onCancel: () => void;
}

/** The report of a share (docs/api.md#reports): a reason, and an optional message and email. */
export function ReportForm({ code, onSent, onCancel }: ReportFormProps) {
  const id = useId();
  const { t, i18n } = useLingui();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<ReportFieldErrors>({});
  const [failure, setFailure] = useState<ProblemMessage | null>(null);
  const [sending, setSending] = useState(false);
  const reasonRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  // The field to focus after the next render, not at once: the fields are disabled while
  // sending and a disabled field cannot take focus. Opening starts on the first reason.
  const focusNext = useRef<ReportField | null>('reason');

  useEffect(() => {
    const field = focusNext.current;
    focusNext.current = null;
    if (field === 'reason') reasonRef.current?.focus();
    if (field === 'message') messageRef.current?.focus();
    if (field === 'email') emailRef.current?.focus();
  });

  const showErrors = (next: ReportFieldErrors) => {
    setErrors(next);
    focusNext.current = next.reason ? 'reason' : next.message ? 'message' : 'email';
  };

  const clearError = (field: ReportField) =>
    setErrors((current) => ({ ...current, [field]: undefined }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    if (reason === null) return showErrors({ reason: t`Please choose a reason` });
    setErrors({});
    setSending(true);
    const result = await sendReport(code, reportBody({ reason, message, email }));
    setSending(false);
    if (result.ok) return onSent(knownWords(result.data.message, i18n));
    const fieldErrors = reportFieldErrors(localProblem(result.problem, i18n));
    if (fieldErrors === null) setFailure(problemWords('report', result.problem, i18n));
    else showErrors(fieldErrors);
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => event.key === 'Escape' && !sending && onCancel()}
      noValidate
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        <Trans>Report this share</Trans>
      </h2>
      <ReasonFieldset
        id={`${id}-reason`}
        value={reason}
        onChange={(next) => {
          setReason(next);
          clearError('reason');
        }}
        error={errors.reason}
        disabled={sending}
        firstRef={reasonRef}
      />
      <ContactFields
        id={id}
        message={message}
        email={email}
        onMessageChange={(next) => {
          setMessage(next);
          clearError('message');
        }}
        onEmailChange={(next) => {
          setEmail(next);
          clearError('email');
        }}
        errors={errors}
        disabled={sending}
        messageRef={messageRef}
        emailRef={emailRef}
      />
      {failure !== null && (
        <Alert variant="error" title={failure.title}>
          {failure.detail}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={sending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? <Spinner /> : <Flag aria-hidden="true" />}
          {sending ? t`Sending…` : t`Send report`}
        </Button>
      </div>
    </form>
  );
}
