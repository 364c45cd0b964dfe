import { formatCount, REPORT_MESSAGE_MAX_CHARS } from '@codedrop/contract';
import type { Ref } from 'react';
import { FieldError } from '../../../components/field-error';
import { Input } from '../../../components/input';
import { Label } from '../../../components/label';
import { Textarea } from '../../../components/textarea';
import type { ReportFieldErrors } from './report-draft';

export interface ContactFieldsProps {
  /** Prefix of the ids, unique on the page. */
  id: string;
  message: string;
  email: string;
  onMessageChange: (message: string) => void;
  onEmailChange: (email: string) => void;
  errors: ReportFieldErrors;
  disabled: boolean;
  messageRef: Ref<HTMLTextAreaElement>;
  emailRef: Ref<HTMLInputElement>;
}

/** The optional words of a report: what is wrong, and where the operator may answer. */
export function ContactFields({
  id,
  message,
  email,
  onMessageChange,
  onEmailChange,
  errors,
  disabled,
  messageRef,
  emailRef,
}: ContactFieldsProps) {
  const max = formatCount(REPORT_MESSAGE_MAX_CHARS);
  const countId = `${id}-message-count`;
  const messageErrorId = `${id}-message-error`;
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-message`}>Message (optional)</Label>
        <Textarea
          id={`${id}-message`}
          ref={messageRef}
          value={message}
          onChange={(event) => onMessageChange(event.target.value)}
          // The browser and the server both count UTF-16 units, so the limit agrees with both.
          maxLength={REPORT_MESSAGE_MAX_CHARS}
          rows={4}
          disabled={disabled}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${countId} ${messageErrorId}` : countId}
          fieldSize="sm"
          short
        />
        <div className="flex flex-wrap items-start justify-between gap-2">
          <FieldError id={messageErrorId} message={errors.message} />
          <p id={countId} className="ml-auto text-sm text-slate-600 tabular-nums">
            {formatCount(message.length)} / {max} characters
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>Contact email (optional)</Label>
        <Input
          id={`${id}-email`}
          ref={emailRef}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          disabled={disabled}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
        />
        <FieldError id={`${id}-email-error`} message={errors.email} />
      </div>
    </>
  );
}
