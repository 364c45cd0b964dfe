import { messages, type CreateFileResponse, formatBytesCompact } from '@codedrop/contract';
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
import { Input } from '../../components/input';
import { Label } from '../../components/label';
import { Spinner } from '../../components/spinner';
import { uploadFileShare } from '../../lib/api/files-api';
import type { UploadProgress as Transfer } from '../../lib/api/multipart-upload';
import { problemWords, type ProblemMessage } from '../../lib/api/problem-words';
import { useConfig } from '../../lib/config-context';
import { parseDownloadLimit } from '../../lib/download-limit';
import type { SealProgress } from '../../lib/encryption/progress';
import { uploadEncryptedFileShare } from '../../lib/encryption/upload-encrypted-file';
import { useEncryptionOptions } from '../../lib/encryption/use-encryption-options';
import { FilePicker } from './file-picker';
import { SmartDataInfo, UploadLimits } from './file-facts';
import { UploadProgress } from './upload-progress';

export interface CreatedFile {
  share: CreateFileResponse;
  expiresInSeconds: number;
  /**
   * Set when the file was encrypted: its real name and size (the server only knows
   * "encrypted_file" and the ciphertext size) and the recovery email, if one was given.
   */
  encryption: { name: string; size: number; recoveryEmail?: string } | null;
}

/** docs/product.md#file-share, before upload: picker, limit, expiry, upload. */
export function FileShareForm({ onCreated }: { onCreated: (created: CreatedFile) => void }) {
  const config = useConfig();
  const [file, setFile] = useState<File | null>(null);
  const [limitText, setLimitText] = useState(String(config.downloadLimit.default));
  const [expiry, setExpiry] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ProblemMessage | null>(null);
  const [progress, setProgress] = useState<Transfer | null>(null);
  const [uploading, setUploading] = useState(false);
  const [sealing, setSealing] = useState<SealProgress | null>(null);
  const encryption = useEncryptionOptions();
  const expiresInSeconds = expiry ?? config.defaultExpirySeconds;
  const tooLargeDetail = messages.fileTooLargeDetail(formatBytesCompact(config.maxFileBytes));

  const pick = (chosen: File) => {
    setFailure(null);
    // Refused before a single byte is sent.
    if (chosen.size > config.maxFileBytes) {
      setFile(null);
      setFileError(tooLargeDetail);
      toast.error(messages.fileTooLargeTitle, { description: tooLargeDetail });
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const submit = async () => {
    if (uploading) return;
    setFailure(null);
    if (!file) {
      setFileError(messages.fileRequired);
      toast.error(messages.fileRequired);
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
    let result;
    if (choice) {
      setSealing({ stage: 'deriving' });
      result = await uploadEncryptedFileShare(
        choice,
        file,
        { maxDownloads, expiresInSeconds },
        setSealing,
      );
      setSealing(null);
    } else {
      setProgress({ loaded: 0, total: file.size });
      result = await uploadFileShare(
        file,
        { maxDownloads, expiresInSeconds },
        { onProgress: setProgress },
      );
      setProgress(null);
    }
    setUploading(false);
    if (result.ok) {
      onCreated({
        share: result.data,
        expiresInSeconds,
        encryption: choice && {
          name: file.name,
          size: file.size,
          recoveryEmail: choice.recoveryEmail,
        },
      });
      return;
    }
    const message = problemWords('create', result.problem, {
      failureTitle: messages.uploadFailed,
      maxFileBytes: config.maxFileBytes,
    });
    setFailure(message);
    toast.error(message.title, { description: message.detail });
  };

  const { min, max } = config.downloadLimit;
  return (
    <FormCard onSubmit={submit}>
      <div className="flex flex-col gap-2">
        <Label htmlFor="file-input">File</Label>
        <FilePicker
          file={file}
          maxBytes={config.maxFileBytes}
          onPick={pick}
          onRemove={() => setFile(null)}
          disabled={uploading}
          invalid={fileError !== null}
          describedBy={fileError ? 'file-error' : undefined}
        />
        <FieldError id="file-error" message={fileError} />
      </div>

      <UploadLimits />

      <div className="grid gap-6 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor="download-limit">Download limit</Label>
          <Input
            id="download-limit"
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            step={1}
            value={limitText}
            disabled={uploading}
            onChange={(event) => setLimitText(event.target.value)}
            onBlur={() => setLimitText(String(parseDownloadLimit(limitText, { min, max })))}
            aria-describedby="download-limit-hint"
          />
          <p id="download-limit-hint" className="text-sm text-slate-600">
            {min}–{max}. The file is deleted after the last download.
          </p>
        </div>
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
        aria-disabled={file === null || uploading}
        className="aria-disabled:opacity-50"
      >
        {uploading ? <Spinner /> : <Upload aria-hidden="true" />}
        {uploading ? 'Uploading...' : 'Upload & Generate 4-Digit Code'}
      </Button>
    </FormCard>
  );
}
