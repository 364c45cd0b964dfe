import { formatBytes } from '@codedrop/contract';
import { EncryptionActiveBox } from '../../components/encryption/encryption-active-box';
import { ShareResult } from '../../components/share-result';
import { formatDuration } from '../../lib/format-date';
import type { CreatedFile } from './created-file';
import { UploadStatus } from './upload-status';

/**
 * The names and sizes to show: the server's for a plain share (the names as stored and
 * offered for download), the sender's own for an encrypted one, whose answer knows only
 * ciphertext sizes.
 */
export function sharedFiles({ share, picked, encryption }: CreatedFile) {
  if (encryption) return picked;
  return picked.map((file, index) => ({
    name: share.files[index]?.name ?? file.name,
    size: share.files[index]?.size ?? file.size,
  }));
}

/** docs/product.md#file-share, after upload: the code, the files shared and their limits. */
export function FileResult({ created, onReset }: { created: CreatedFile; onReset: () => void }) {
  const { share, expiresInSeconds, encryption } = created;
  const files = sharedFiles(created);
  const several = files.length > 1;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  const downloads = `${share.maxDownloads} ${share.maxDownloads === 1 ? 'download' : 'downloads'}`;
  return (
    <ShareResult
      title={
        encryption ? '🔒 Encrypted Anonymous File Share Created!' : 'Anonymous File Share Created!'
      }
      code={share.code}
      expiresAt={share.expiresAt}
      deleteToken={share.deleteToken}
      resetLabel={several ? 'Upload More Files' : 'Upload Another File'}
      onReset={onReset}
      // A deleted share's upload stops, and a reload no longer offers to resume it.
      onDeleted={() => created.upload?.discard()}
      instructions={[
        <>
          Share the code <strong>{share.code}</strong> (or the link) with the recipient.
        </>,
        ...(encryption ? ['Share the password separately, never together with the code.'] : []),
        `The recipient enters the code on the ${window.location.host} home page.`,
        several
          ? 'They download the files; each download counts towards the limit.'
          : 'They click Download File; each download counts towards the limit.',
      ]}
    >
      <div>
        <h3 className="text-sm font-semibold text-slate-900">File details</h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {several ? (
            <>
              <dt className="text-slate-600">Files</dt>
              <dd className="min-w-0">
                <ul className="flex flex-col gap-1">
                  {files.map((file, index) => (
                    <li key={index} className="flex min-w-0 justify-between gap-3">
                      <span
                        className="line-clamp-2 min-w-0 font-medium wrap-anywhere text-slate-900"
                        title={file.name}
                      >
                        {file.name}
                      </span>
                      <span className="shrink-0 text-slate-600 tabular-nums">
                        {formatBytes(file.size)}
                      </span>
                    </li>
                  ))}
                </ul>
              </dd>
              <dt className="text-slate-600">Total</dt>
              <dd className="font-medium text-slate-900">
                {files.length} files · {formatBytes(total)}
              </dd>
            </>
          ) : (
            <>
              <dt className="text-slate-600">Name</dt>
              <dd className="min-w-0 truncate font-medium text-slate-900" title={files[0]?.name}>
                {files[0]?.name}
              </dd>
              <dt className="text-slate-600">Size</dt>
              <dd className="font-medium text-slate-900">{formatBytes(total)}</dd>
            </>
          )}
          <dt className="text-slate-600">Download limit</dt>
          <dd className="font-medium text-slate-900">{downloads}</dd>
          <dt className="text-slate-600">Auto-delete</dt>
          <dd className="font-medium text-slate-900">
            After {formatDuration(expiresInSeconds)} or after {downloads}
          </dd>
        </dl>
      </div>
      {created.upload && <UploadStatus tracker={created.upload} />}
      {encryption && (
        <EncryptionActiveBox recoveryEmail={encryption.recoveryEmail} fileCount={files.length} />
      )}
    </ShareResult>
  );
}
