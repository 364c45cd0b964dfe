import { Trans, useLingui } from '@lingui/react/macro';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormCard } from '../../components/form-card';
import { EncryptionOptionsCard } from '../../components/encryption/encryption-options-card';
import { SealProgressView } from '../../components/encryption/seal-progress-view';
import { ExpirySelect } from '../../components/expiry-select';
import { FieldError } from '../../components/field-error';
import { Label } from '../../components/label';
import { Spinner } from '../../components/spinner';
import type { UploadProgress as Transfer } from '../../lib/api/multipart-upload';
import { problemWords, type ProblemMessage } from '../../lib/api/problem-words';
import { useConfig } from '../../lib/config-context';
import { productMessages } from '../../lib/i18n/product-messages';
import { limitWords } from '../../lib/tools';
import { parseDownloadLimit } from '../../lib/download-limit';
import type { SealProgress } from '../../lib/encryption/progress';
import { useEncryptionOptions } from '../../lib/encryption/use-encryption-options';
import { DownloadLimitField } from './download-limit-field';
import { FilePicker } from '../../components/file-picker';
import { useSharedContent } from '../../lib/offline/use-shared-content';
import { SmartDataInfo, UploadLimits } from './file-facts';
import type { CreatedFile } from './created-file';
import { totalBytes } from '../../lib/file-selection';
import { UploadProgress } from '../../components/upload-progress';
import { useFileSelection } from '../../lib/use-file-selection';
import { beginResumableShare } from './resumable-share';
import { ResumeOffer, useResumeOffer } from './resume-offer';
import type { ClientProblem } from '../../lib/api/result';
import { loadOnUse } from '../../lib/api/load-on-use';
import { warmDateTimeFormat } from '../../lib/format-date';
import { forgetResumeRecord } from '../../lib/resume-records';

/** docs/product.md#file-share, before upload: files, limit, expiry, upload. */
export function FileShareForm({ onCreated }: { onCreated: (created: CreatedFile) => void }) {
  const config = useConfig();
  const { t, i18n } = useLingui();
  const messages = productMessages(i18n);
  const [limitText, setLimitText] = useState(String(config.downloadLimit.default));
  const [expiry, setExpiry] = useState<number | null>(null);
  const [failure, setFailure] = useState<ProblemMessage | null>(null);
  const [progress, setProgress] = useState<Transfer | null>(null);
  const [uploading, setUploading] = useState(false);
  const [sealing, setSealing] = useState<SealProgress | null>(null);
  const encryption = useEncryptionOptions();
  const selection = useFileSelection(config, !uploading);
  const { files } = selection;
  // Files handed over by a phone's share sheet (lib/offline/share-target.ts).
  useSharedContent((shared) => {
    if (shared.files.length > 0) selection.add(shared.files);
  });
  const expiresInSeconds = expiry ?? config.defaultExpirySeconds;
  // Bumped when a record may have gone (a failed resume forgets an upload the server lost).
  const [records, setRecords] = useState(0);
  const resume = useResumeOffer(files, records);

  const discardResume = () => {
    if (!resume || !files[0]) return;
    // The unfinished share would otherwise wait, unusable, until it is abandoned.
    void loadOnUse(() => import('../../lib/api/shares-api')).then((api) => {
      if (api.ok) void api.data.deleteShare(resume.share.code, resume.share.deleteToken);
    });
    forgetResumeRecord(files[0]);
    setFailure(null);
    setRecords((n) => n + 1);
  };

  const submit = async () => {
    if (uploading) return;
    setFailure(null);
    if (!selection.check()) {
      document.getElementById('file-input')?.focus();
      return;
    }
    const protection = encryption.check();
    if (!protection.ok) {
      toast.error(protection.message);
      return;
    }
    const { choice } = protection;
    const maxDownloads = parseDownloadLimit(limitText, config.downloadLimit);
    setLimitText(String(maxDownloads));
    setUploading(true);
    // The result card shows the share's dates.
    warmDateTimeFormat(i18n.locale);
    let result;
    if (files.length === 1) {
      // One file goes up resumably, in chunks: the code shows before the last byte is sent.
      if (choice) setSealing({ stage: 'deriving' });
      const begun = await beginResumableShare({
        file: files[0]!,
        maxDownloads,
        expiresInSeconds,
        chunkSize: config.uploadChunkBytes,
        choice,
        record: resume ?? undefined,
        i18n,
      });
      setSealing(null);
      setUploading(false);
      if (begun.ok) {
        onCreated(begun.created);
        return;
      }
      setRecords((n) => n + 1);
      fail(begun.problem);
      return;
    }
    if (choice) {
      setSealing({ stage: 'deriving' });
      const sealing = await loadOnUse(() => import('../../lib/encryption/upload-encrypted-file'));
      result = sealing.ok
        ? await sealing.data.uploadEncryptedFileShare(
            choice,
            files,
            { maxDownloads, expiresInSeconds },
            setSealing,
          )
        : sealing;
      setSealing(null);
    } else {
      setProgress({ loaded: 0, total: totalBytes(files) });
      // The API client and its schemas load with the first upload (lib/use-text-share-creation.ts).
      const api = await loadOnUse(() => import('../../lib/api/files-api'));
      result = api.ok
        ? await api.data.uploadFileShare(
            files,
            { maxDownloads, expiresInSeconds },
            { onProgress: setProgress },
          )
        : api;
      setProgress(null);
    }
    setUploading(false);
    if (result.ok) {
      onCreated({
        share: result.data,
        expiresInSeconds,
        picked: files.map(({ name, size }) => ({ name, size })),
        encryption: choice && { recoveryEmail: choice.recoveryEmail },
      });
      return;
    }
    fail(result.problem);
  };

  function fail(problem: ClientProblem) {
    // A resume refused in this page (not the upload's password) says so in its own words.
    const message =
      problem.code === 'WRONG_PASSWORD'
        ? { title: problem.title, detail: problem.detail }
        : problemWords('create', problem, i18n, {
            failureTitle: messages.uploadFailed,
            maxFileBytes: config.maxFileBytes,
          });
    setFailure(message);
    toast.error(message.title, { description: message.detail });
  }

  const { codeTitle } = limitWords(config, i18n);
  return (
    <FormCard onSubmit={submit}>
      <div className="flex flex-col gap-2">
        <Label htmlFor="file-input">
          <Trans>File</Trans>
        </Label>
        <FilePicker
          files={files}
          maxBytes={config.maxFileBytes}
          maxFiles={config.maxFilesPerShare}
          onAdd={(added) => {
            setFailure(null);
            selection.add(added);
          }}
          onRemove={selection.remove}
          disabled={uploading}
          invalid={selection.error !== null}
          describedBy={selection.error ? 'file-error' : undefined}
        />
        <FieldError id="file-error" message={selection.error} />
      </div>

      <UploadLimits />

      <div className="grid gap-6 sm:grid-cols-2">
        <DownloadLimitField
          value={limitText}
          onChange={setLimitText}
          limits={config.downloadLimit}
          several={files.length > 1}
          disabled={uploading}
        />
        <ExpirySelect
          id="file-expiry"
          value={expiresInSeconds}
          onChange={setExpiry}
          disabled={uploading}
        />
      </div>

      <SmartDataInfo />

      <EncryptionOptionsCard {...encryption.cardProps} disabled={uploading} />

      {uploading &&
        (sealing ? (
          <SealProgressView progress={sealing} />
        ) : (
          <UploadProgress progress={progress} />
        ))}

      {resume && !uploading && <ResumeOffer record={resume} onDiscard={discardResume} />}

      {failure && (
        <Alert variant="error" title={failure.title}>
          {failure.detail}
        </Alert>
      )}

      <Button
        type="submit"
        size="lg"
        disabled={uploading}
        // Without a file the button looks disabled but still explains what is missing.
        aria-disabled={files.length === 0 || uploading}
        className="aria-disabled:opacity-50"
      >
        {uploading ? <Spinner /> : <Upload aria-hidden="true" />}
        {uploading
          ? t`Uploading...`
          : resume
            ? messages.resumeUpload
            : t`Upload & Generate ${codeTitle}`}
      </Button>
    </FormCard>
  );
}
