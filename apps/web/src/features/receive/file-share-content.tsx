import { useLingui } from '@lingui/react/macro';
import { offersPreview } from '../../lib/file-kind';
import { FileCard } from './file-card';
import { FileList } from './file-list';
import { FilePreview, PreviewButton, usePreviewToggle } from '../../components/file-preview-panel';
import type { ReceivedShare } from './received-share';
import { useShareDownloads, type ShareDownloads } from './use-share-downloads';

export interface FileShareContentProps {
  share: ReceivedShare;
  /** Back home, once the last download of a single file is used. */
  onLimitReached: () => void;
}

/**
 * An open file share, plain or unlocked: one file as the viewer always showed it (with a
 * Preview where the file can be previewed), several as a list with Download all (.zip).
 */
export function FileShareContent({ share, onLimitReached }: FileShareContentProps) {
  const { t } = useLingui();
  const tracked = useShareDownloads(share, onLimitReached);
  // Until the sender's upload has stored its last byte there is nothing to take.
  const downloads = share.uploading ? { ...tracked, canDownload: false } : tracked;
  const progressLabel = share.keys ? t`Download and decryption progress` : t`Download progress`;
  if (share.files.length > 1) {
    return <FileList share={share} downloads={downloads} progressLabel={progressLabel} />;
  }
  return <SingleFile share={share} downloads={downloads} progressLabel={progressLabel} />;
}

function SingleFile({
  share,
  downloads,
  progressLabel,
}: {
  share: ReceivedShare;
  downloads: ShareDownloads;
  progressLabel: string;
}) {
  const file = share.files[0]!;
  const panelId = 'file-0-preview';
  const toggle = usePreviewToggle(panelId, () => downloads.preview(0));
  const previewable = offersPreview(file) && (downloads.canPreview || toggle.result !== null);
  return (
    <FileCard
      name={file.name}
      size={file.size}
      state={downloads.transfer?.phase ?? { phase: 'idle' }}
      count={downloads.count}
      canDownload={downloads.canDownload}
      error={downloads.error}
      onDownload={() => downloads.downloadFile(0)}
      progressLabel={progressLabel}
      previewButton={previewable && <PreviewButton name={file.name} toggle={toggle} />}
      previewPanel={
        toggle.result !== null && (
          <FilePreview
            id={panelId}
            name={file.name}
            result={toggle.result}
            onClose={toggle.close}
          />
        )
      }
    />
  );
}
