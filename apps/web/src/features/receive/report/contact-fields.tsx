import { REPORT_MESSAGE_MAX_CHARS } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ref } from 'react';
import { FieldError } from '../../../components/field-error';
import { Input } from '../../../components/input';
import { Label } from '../../../components/label';
import { Textarea } from '../../../components/textarea';
import { formatCountIn } from '../../../lib/i18n/format-numbers';
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
  const { i18n } = useLingui();
  const max = formatCountIn(i18n.locale, REPORT_MESSAGE_MAX_CHARS);
  const typed = formatCountIn(i18n.locale, message.length);
  const countId = `${id}-message-count`;
  const messageErrorId = `${id}-message-error`;
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-message`}>
          <Trans>Message (optional)</Trans>
        </Label>
        <Textarea
          id={`${id}-message`}
          ref={messageRef}
          value={message}
          dir="auto"
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
          <p id={countId} className="ms-auto text-sm text-slate-600 tabular-nums">
            <Trans>
              <bdi dir="ltr">
                {typed} / {max}
              </bdi>{' '}
              characters
            </Trans>
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>
          <Trans>Contact email (optional)</Trans>
        </Label>
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
