import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { EncryptionActiveBox } from '../../components/encryption/encryption-active-box';
import { ShareResult } from '../../components/share-result';
import { formatDuration } from '../../lib/format-date';
import { formatBytesIn } from '../../lib/i18n/format-numbers';
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
  const { t, i18n } = useLingui();
  const bytes = (size: number) => formatBytesIn(i18n.locale, size);
  const maxDownloads = share.maxDownloads;
  const downloads = t`${plural(maxDownloads, { one: '# download', other: '# downloads' })}`;
  const count = files.length;
  const totalSize = bytes(files.reduce((sum, file) => sum + file.size, 0));
  const duration = formatDuration(expiresInSeconds, i18n.locale);
  const code = share.code;
  const host = window.location.host;
  return (
    <ShareResult
      title={
        encryption
          ? t`🔒 Encrypted Anonymous File Share Created!`
          : t`Anonymous File Share Created!`
      }
      code={share.code}
      expiresAt={share.expiresAt}
      deleteToken={share.deleteToken}
      resetLabel={several ? t`Upload More Files` : t`Upload Another File`}
      onReset={onReset}
      // A deleted share's upload stops, and a reload no longer offers to resume it.
      onDeleted={() => created.upload?.discard()}
      instructions={[
        <Trans>
          Share the code <strong dir="ltr">{code}</strong> (or the link) with the recipient.
        </Trans>,
        ...(encryption ? [t`Share the password separately, never together with the code.`] : []),
        t`The recipient enters the code on the ${host} home page.`,
        several
          ? t`They download the files; each download counts towards the limit.`
          : t`They click Download File; each download counts towards the limit.`,
      ]}
    >
      <div>
        <h3 className="text-sm font-semibold text-slate-900">
          <Trans>File details</Trans>
        </h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {several ? (
            <>
              <dt className="text-slate-600">
                <Trans>Files</Trans>
              </dt>
              <dd className="min-w-0">
                <ul className="flex flex-col gap-1">
                  {files.map((file, index) => (
                    <li key={index} className="flex min-w-0 justify-between gap-3">
                      <span
                        className="line-clamp-2 min-w-0 font-medium wrap-anywhere text-slate-900"
                        title={file.name}
                      >
                        <bdi>{file.name}</bdi>
                      </span>
                      <span className="shrink-0 text-slate-600 tabular-nums">
                        {bytes(file.size)}
                      </span>
                    </li>
                  ))}
                </ul>
              </dd>
              <dt className="text-slate-600">
                <Trans>Total</Trans>
              </dt>
              <dd className="font-medium text-slate-900">
                {t`${plural(count, { one: '# file', other: '# files' })} · ${totalSize}`}
              </dd>
            </>
          ) : (
            <>
              <dt className="text-slate-600">
                <Trans>Name</Trans>
              </dt>
              <dd className="min-w-0 truncate font-medium text-slate-900" title={files[0]?.name}>
                <bdi>{files[0]?.name}</bdi>
              </dd>
              <dt className="text-slate-600">
                <Trans>Size</Trans>
              </dt>
              <dd className="font-medium text-slate-900">{totalSize}</dd>
            </>
          )}
          <dt className="text-slate-600">
            <Trans>Download limit</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{downloads}</dd>
          <dt className="text-slate-600">
            <Trans>Auto-delete</Trans>
          </dt>
          <dd className="font-medium text-slate-900">
            <Trans>
              After {duration} or after {downloads}
            </Trans>
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
