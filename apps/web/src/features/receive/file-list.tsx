import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { FolderArchive } from 'lucide-react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { offersPreview } from '../../lib/file-kind';
import { formatBytesIn } from '../../lib/i18n/format-numbers';
import { DownloadCount, TransferBar } from './file-card';
import { FileRow } from './file-row';
import type { ReceivedShare } from './received-share';
import type { ShareDownloads } from './use-share-downloads';

export interface FileListProps {
  share: ReceivedShare;
  downloads: ShareDownloads;
  progressLabel: string;
}

/** A share of several files: the list, the download count and Download all (.zip). */
export function FileList({ share, downloads, progressLabel }: FileListProps) {
  const { transfer, count } = downloads;
  const busy = transfer !== null;
  const zipping = transfer?.target === 'zip';
  const { t, i18n } = useLingui();
  const files = share.files.length;
  const total = formatBytesIn(
    i18n.locale,
    share.files.reduce((sum, file) => sum + file.size, 0),
  );
  const max = count.max;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-600">
        <Trans>
          <Plural value={files} one="# file" other="# files" />, <bdi>{total}</bdi> in total
        </Trans>
      </p>
      <ul
        aria-label={t`Files`}
        className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200 bg-slate-50"
      >
        {share.files.map((file, index) => (
          <FileRow
            // The list never changes order: the index is the file's identity.
            key={index}
            id={`file-${index}`}
            file={file}
            saving={transfer?.target === index}
            canDownload={!busy && downloads.canDownload}
            canPreview={offersPreview(file) && downloads.canPreview}
            onDownload={() => downloads.downloadFile(index)}
            preview={() => downloads.preview(index)}
          />
        ))}
      </ul>

      <DownloadCount count={count} />

      {downloads.lastGrantHeld && (
        <Alert variant="warning" title={t`That was the last download`}>
          <Trans>
            The files stay available on this page for a few minutes. Save what you need now.
          </Trans>
        </Alert>
      )}

      {transfer?.phase.phase === 'transferring' && (
        <TransferBar state={transfer.phase} label={progressLabel} />
      )}

      {downloads.error && <Alert variant="error" title={downloads.error} />}

      <Button size="lg" onClick={downloads.downloadAll} disabled={busy || !downloads.canDownload}>
        {zipping ? <Spinner /> : <FolderArchive aria-hidden="true" />}
        {zipping ? t`Downloading...` : t`Download all (.zip)`}
      </Button>
      <p className="text-center text-xs text-slate-600">
        {t`The files are deleted after ${plural(max, { one: '# download', other: '# downloads' })} or when the share expires, whichever comes first. Everything you download or preview on this page counts as one download.`}
      </p>
    </div>
  );
}
