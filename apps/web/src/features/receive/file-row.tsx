import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { Button } from '../../components/button';
import { IconTile } from '../../components/icon-tile';
import { Spinner } from '../../components/spinner';
import { fileIcon } from '../../lib/file-icon';
import { formatBytesIn } from '../../lib/i18n/format-numbers';
import { FilePreview, PreviewButton, usePreviewToggle } from '../../components/file-preview-panel';
import type { PreviewResult } from './file-transfers';
import type { ReceivedFile } from './received-share';

export interface FileRowProps {
  file: ReceivedFile;
  /** Unique on the page, for the preview panel's id. */
  id: string;
  /** This file is being saved. */
  saving: boolean;
  canDownload: boolean;
  /** Whether to offer Preview (a kind the page shows, within the caps, downloads left). */
  canPreview: boolean;
  onDownload: () => void;
  preview: () => Promise<PreviewResult>;
}

/** One file of a share of several: icon, name, size, Preview and Download, and its preview. */
export function FileRow({
  file,
  id,
  saving,
  canDownload,
  canPreview,
  onDownload,
  preview,
}: FileRowProps) {
  const { t, i18n } = useLingui();
  const panelId = `${id}-preview`;
  const toggle = usePreviewToggle(panelId, preview);
  const name = file.name;
  return (
    <li className="flex flex-col gap-3 p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <IconTile icon={fileIcon(file)} tone="raised" />
        <div className="min-w-0 flex-1 basis-36">
          {/* Two lines before it is cut: on a phone, one line would hide the extension. */}
          <p
            dir="auto"
            className="line-clamp-2 font-medium [overflow-wrap:anywhere] text-slate-900"
            title={file.name}
          >
            {file.name}
          </p>
          <p className="text-sm text-slate-600">{formatBytesIn(i18n.locale, file.size)}</p>
        </div>
        <div className="flex shrink-0 gap-2 max-sm:ms-13">
          {(canPreview || toggle.result !== null) && (
            <PreviewButton name={file.name} toggle={toggle} />
          )}
          <Button
            variant="secondary"
            size="sm"
            aria-label={t`Download ${name}`}
            onClick={onDownload}
            disabled={saving || !canDownload}
          >
            {saving ? <Spinner /> : <Download aria-hidden="true" />}
            <Trans>Download</Trans>
          </Button>
        </div>
      </div>
      {toggle.result !== null && (
        <FilePreview id={panelId} name={file.name} result={toggle.result} onClose={toggle.close} />
      )}
    </li>
  );
}
