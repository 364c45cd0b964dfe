import type { RequestView } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FieldError } from '../../components/field-error';
import { FilePicker } from '../../components/file-picker';
import { Label } from '../../components/label';
import { Spinner } from '../../components/spinner';
import { Textarea } from '../../components/textarea';
import { UploadProgress } from '../../components/upload-progress';
import { loadOnUse } from '../../lib/api/load-on-use';
import type { ProblemMessage } from '../../lib/api/problem-words';
import { useConfig } from '../../lib/config-context';
import { useCanEncrypt } from '../../lib/encryption/secure-context';
import { useMessages } from '../../lib/i18n/product-messages';
import { useFileSelection } from '../../lib/use-file-selection';
import { isGoneProblem, requestProblemWords } from './request-problem-words';
import type { SendProgress } from './send-submission';

export interface SendFormProps {
  request: RequestView;
  onSent: () => void;
  /** The request stopped taking submissions (full, ended) while this page was open. */
  onClosed: (message: ProblemMessage) => void;
}

/**
 * A sender's form: files and/or text as the request takes them, sealed in this browser to
 * the asker's key and sent.
 */
export function SendForm({ request, onSent, onClosed }: SendFormProps) {
  const config = useConfig();
  const { t, i18n } = useLingui();
  const messages = useMessages();
  const secure = useCanEncrypt();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<SendProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ProblemMessage | null>(null);
  const selection = useFileSelection(config, request.accepts.files && !sending);
  const { accepts } = request;

  const submit = async () => {
    if (sending) return;
    setFailure(null);
    const files = accepts.files ? selection.files : [];
    const words = accepts.text ? text : '';
    if (files.length === 0 && words.trim() === '') {
      const missing =
        accepts.files && accepts.text
          ? t`Add a file or write a text`
          : accepts.files
            ? t`Add a file to send`
            : t`Write the text to send`;
      setError(missing);
      toast.error(missing);
      return;
    }
    if (files.length > 0 && !selection.check()) return;
    setSending(true);
    // The crypto package and the upload client load with the first Send.
    const loaded = await loadOnUse(() => import('./send-submission'));
    const result = loaded.ok
      ? await loaded.data.sendSubmission(
          request,
          { files, text: words },
          { chunkSize: config.uploadChunkBytes, onProgress: setProgress, i18n },
        )
      : loaded;
    setSending(false);
    setProgress(null);
    if (result.ok) {
      onSent();
      return;
    }
    const message = requestProblemWords(result.problem, i18n, {
      failureTitle: t`Could not send`,
      maxFileBytes: config.maxFileBytes,
    });
    toast.error(message.title, { description: message.detail });
    if (result.problem.code === 'REQUEST_FULL' || isGoneProblem(result.problem)) {
      onClosed(message);
      return;
    }
    setFailure(message);
  };

  return (
    <form
      noValidate
      aria-label={t`Send to this request`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="flex flex-col gap-6"
    >
      {accepts.files && (
        <div className="flex flex-col gap-2">
          <Label htmlFor="file-input">
            <Trans>Files</Trans>
          </Label>
          <FilePicker
            files={selection.files}
            maxBytes={config.maxFileBytes}
            maxFiles={config.maxFilesPerShare}
            onAdd={(added) => {
              setError(null);
              setFailure(null);
              selection.add(added);
            }}
            onRemove={selection.remove}
            disabled={sending}
            invalid={selection.error !== null}
            describedBy={selection.error ? 'file-error' : undefined}
          />
          <FieldError id="file-error" message={selection.error} />
        </div>
      )}
      {accepts.text && (
        <div className="flex flex-col gap-2">
          <Label htmlFor="submission-text">
            <Trans>Text</Trans>
          </Label>
          <Textarea
            id="submission-text"
            value={text}
            onChange={(event) => {
              setError(null);
              setText(event.target.value);
            }}
            disabled={sending}
            maxLength={config.maxTextChars}
            placeholder={t`Write or paste the text to send`}
          />
        </div>
      )}
      <FieldError id="submission-error" message={error} />
      {!secure && <Alert variant="warning">{messages.insecureContext}</Alert>}
      {progress && <SendProgressView progress={progress} />}
      {failure && (
        <Alert variant="error" title={failure.title}>
          {failure.detail}
        </Alert>
      )}
      <Button type="submit" size="lg" disabled={sending || !secure}>
        {sending ? <Spinner /> : <Send aria-hidden="true" />}
        {sending ? t`Sending…` : t`Encrypt & Send`}
      </Button>
      <p className="text-center text-sm text-slate-600">
        <Trans>
          Encrypted in your browser before it is sent: only the person who asked can open it.
        </Trans>
      </p>
    </form>
  );
}

/** The receipt after Send (docs/product.md#requests), with a way to send again. */
export function SentReceipt({ onAgain }: { onAgain?: () => void }) {
  const heading = useRef<HTMLParagraphElement>(null);
  // Keyboard and screen-reader users land on the receipt, not on a vanished form.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center">
      <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
      <p
        ref={heading}
        tabIndex={-1}
        role="status"
        className="text-lg font-semibold text-slate-900 outline-none"
      >
        <Trans>Sent. Only the person who asked can open it.</Trans>
      </p>
      {onAgain && (
        <Button variant="secondary" onClick={onAgain}>
          <Send aria-hidden="true" />
          <Trans>Send something else</Trans>
        </Button>
      )}
    </div>
  );
}

function SendProgressView({ progress }: { progress: SendProgress }) {
  const { t } = useLingui();
  const percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  if (progress.stage === 'sealing') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner />
        {t`Encrypting… ${percent}%`}
      </p>
    );
  }
  return <UploadProgress progress={{ loaded: progress.done, total: progress.total }} />;
}
