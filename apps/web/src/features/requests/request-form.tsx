import { maxRequestMessageChars, requestSubmissionLimits } from '@codedrop/contract';
import type { CreateRequestResponse } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Inbox } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ExpirySelect } from '../../components/expiry-select';
import { FieldError } from '../../components/field-error';
import { FormCard } from '../../components/form-card';
import { Input } from '../../components/input';
import { Label } from '../../components/label';
import { Choice } from './request-choice';
import { Spinner } from '../../components/spinner';
import { Textarea } from '../../components/textarea';
import { loadOnUse } from '../../lib/api/load-on-use';
import { problemWords, type ProblemMessage } from '../../lib/api/problem-words';
import { useConfig } from '../../lib/config-context';
import { useCanEncrypt } from '../../lib/encryption/secure-context';
import { warmDateTimeFormat } from '../../lib/format-date';
import { formatCountIn } from '../../lib/i18n/format-numbers';
import { useMessages } from '../../lib/i18n/product-messages';
import { RequestPasswordField } from './request-password-field';
import {
  initialRequestFormValues,
  messageLength,
  messageToSend,
  parseSubmissionCount,
  validateRequestForm,
  type RequestFormErrors,
  type RequestFormValues,
} from './request-form-values';

/** A request as made: the create answer and what the result card says of it. */
export interface CreatedRequest {
  request: CreateRequestResponse;
  expiresInSeconds: number;
  maxSubmissions: number;
}

/** docs/product.md#requests, before creation: message, what may be sent, limits, password. */
export function RequestForm({ onCreated }: { onCreated: (created: CreatedRequest) => void }) {
  const config = useConfig();
  const { t, i18n } = useLingui();
  const messages = useMessages();
  const secure = useCanEncrypt();
  const [values, setValues] = useState<RequestFormValues>(initialRequestFormValues);
  const [errors, setErrors] = useState<RequestFormErrors>({});
  const [expiry, setExpiry] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ProblemMessage | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const expiresInSeconds = expiry ?? config.defaultExpirySeconds;
  const { min, max } = requestSubmissionLimits;

  const set = (patch: Partial<RequestFormValues>) => {
    setValues({ ...values, ...patch });
    // A message goes away as soon as its field is edited.
    setErrors((current) => ({
      message: 'message' in patch ? undefined : current.message,
      accepts: 'files' in patch || 'text' in patch ? undefined : current.accepts,
      password: 'password' in patch ? undefined : current.password,
    }));
  };

  const submit = async () => {
    if (busy) return;
    setFailure(null);
    const found = validateRequestForm(values, i18n);
    setErrors(found);
    const first = found.message ?? found.accepts ?? found.password;
    if (first !== undefined) {
      if (found.message) document.getElementById('request-message')?.focus();
      else if (found.accepts) document.getElementById('request-accepts-files')?.focus();
      else passwordRef.current?.focus();
      toast.error(first);
      return;
    }
    const maxSubmissions = parseSubmissionCount(values.maxSubmissions);
    set({ maxSubmissions: String(maxSubmissions) });
    setBusy(true);
    warmDateTimeFormat(i18n.locale);
    // The key pair, its sealing and the API client load with the first request made.
    const loaded = await loadOnUse(() => import('./create-request'));
    const message = messageToSend(values.message);
    const result = loaded.ok
      ? await loaded.data.createRequestWith({
          ...(message === undefined ? {} : { message }),
          accepts: { files: values.files, text: values.text },
          expiresInSeconds,
          maxSubmissions,
          password: values.password,
        })
      : loaded;
    setBusy(false);
    if (result.ok) {
      onCreated({ request: result.data, expiresInSeconds, maxSubmissions });
      return;
    }
    const words = problemWords('create', result.problem, i18n, {
      failureTitle: t`Could not create the request`,
    });
    setFailure(words);
    toast.error(words.title, { description: words.detail });
  };

  const used = formatCountIn(i18n.locale, messageLength(values.message));
  const limit = formatCountIn(i18n.locale, maxRequestMessageChars);
  const least = formatCountIn(i18n.locale, min);
  const most = formatCountIn(i18n.locale, max);
  return (
    <FormCard onSubmit={submit}>
      <div className="flex flex-col gap-2">
        <Label htmlFor="request-message">
          <Trans>Message for senders (optional)</Trans>
        </Label>
        <Textarea
          id="request-message"
          short
          fieldSize="sm"
          value={values.message}
          onChange={(event) => set({ message: event.target.value })}
          disabled={busy}
          placeholder={t`For example: Please send the signed contract and your photo.`}
          aria-invalid={errors.message !== undefined}
          aria-describedby="request-message-count request-message-error"
        />
        <div className="flex justify-between gap-3 text-sm">
          <FieldError id="request-message-error" message={errors.message} />
          <p
            id="request-message-count"
            className="ms-auto text-slate-600 tabular-nums"
            aria-live="polite"
          >
            <Trans>
              {used} / {limit}
            </Trans>
          </p>
        </div>
      </div>

      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.accepts ? 'request-accepts-error' : undefined}
      >
        <legend className="mb-2 text-sm font-medium text-slate-800">
          <Trans>What may be sent</Trans>
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Choice
            id="request-accepts-files"
            checked={values.files}
            onChange={(files) => set({ files })}
            disabled={busy}
            label={t`Files`}
          />
          <Choice
            id="request-accepts-text"
            checked={values.text}
            onChange={(text) => set({ text })}
            disabled={busy}
            label={t`Text`}
          />
        </div>
        <FieldError id="request-accepts-error" message={errors.accepts} />
      </fieldset>

      <div className="grid gap-6 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="request-max-submissions">
            <Trans>Submissions to accept</Trans>
          </Label>
          <Input
            id="request-max-submissions"
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            value={values.maxSubmissions}
            disabled={busy}
            onChange={(event) => set({ maxSubmissions: event.target.value })}
            onBlur={() =>
              set({ maxSubmissions: String(parseSubmissionCount(values.maxSubmissions)) })
            }
            aria-describedby="request-max-submissions-hint"
          />
          <p id="request-max-submissions-hint" className="text-sm text-slate-600">
            <Trans>
              {least}–{most}. The request closes after the last one.
            </Trans>
          </p>
        </div>
        <ExpirySelect
          id="request-expiry"
          value={expiresInSeconds}
          onChange={setExpiry}
          disabled={busy}
        />
      </div>

      {secure ? (
        <RequestPasswordField
          value={values.password}
          onChange={(password) => set({ password })}
          error={errors.password}
          disabled={busy}
          inputRef={passwordRef}
        />
      ) : (
        <Alert variant="warning">{messages.insecureContext}</Alert>
      )}

      {failure && (
        <Alert variant="error" title={failure.title}>
          {failure.detail}
        </Alert>
      )}

      <Button type="submit" size="lg" disabled={busy || !secure}>
        {busy ? <Spinner /> : <Inbox aria-hidden="true" />}
        {busy ? t`Creating the request…` : t`Create Request`}
      </Button>
    </FormCard>
  );
}
