import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Download, File } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { IconTile } from '../../components/icon-tile';
import { formatBytesIn } from '../../lib/i18n/format-numbers';
import { Progress } from '../../components/progress';
import { Spinner } from '../../components/spinner';
import type { DownloadPhase } from './use-download-grant';

export interface FileCardProps {
  name: string;
  /** Bytes as the visitor will get them. */
  size: number;
  state: DownloadPhase;
  count: { used: number; max: number };
  onDownload: () => void;
  /** Why the last download failed, shown above the button. */
  error?: string | null;
  /** What the progress bar measures. */
  progressLabel?: string;
  /** False once no download is left (nor held by the page). */
  canDownload?: boolean;
  /** The Preview button, beside the name, when the file can be previewed. */
  previewButton?: ReactNode;
  /** The open preview, under the file. */
  previewPanel?: ReactNode;
}

/** The file card of a single-file share, plain and encrypted alike. */
export function FileCard({
  name,
  size,
  state,
  count,
  onDownload,
  error,
  progressLabel,
  canDownload = count.used < count.max,
  previewButton,
  previewPanel,
}: FileCardProps) {
  const { t, i18n } = useLingui();
  const busy = state.phase !== 'idle';
  const max = count.max;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <IconTile icon={File} tone="raised" size="xl" />
        <div className="min-w-0 flex-1">
          <p dir="auto" className="truncate font-semibold text-slate-900" title={name}>
            {name}
          </p>
          <p className="text-sm text-slate-600">{formatBytesIn(i18n.locale, size)}</p>
        </div>
        {previewButton}
      </div>
      {previewPanel}

      <DownloadCount count={count} />

      {state.phase === 'transferring' && (
        <TransferBar state={state} label={progressLabel ?? t`Download progress`} />
      )}

      {error && <Alert variant="error" title={error} />}

      <Button size="lg" onClick={onDownload} disabled={busy || !canDownload}>
        {busy ? <Spinner /> : <Download aria-hidden="true" />}
        {busy ? t`Downloading...` : t`Download File`}
      </Button>
      <p className="text-center text-xs text-slate-600">
        <Trans>
          The file is deleted after <Plural value={max} one="# download" other="# downloads" /> or
          when the share expires, whichever comes first.
        </Trans>
      </p>
    </div>
  );
}

/** Downloads used "of" the limit, as the viewer always showed them. */
export function DownloadCount({ count }: { count: { used: number; max: number } }) {
  const { used, max } = count;
  return (
    <dl className="flex items-center justify-between text-sm">
      <dt className="text-slate-600">
        <Trans>Downloads</Trans>
      </dt>
      <dd className="font-medium text-slate-900">
        <Trans>
          {used} of {max}
        </Trans>
      </dd>
    </dl>
  );
}

export function TransferBar({
  state,
  label,
}: {
  state: Extract<DownloadPhase, { phase: 'transferring' }>;
  label: string;
}) {
  const { t, i18n } = useLingui();
  const { loaded, total } = state.progress;
  const percent = total ? Math.min(100, Math.round((loaded / total) * 100)) : null;
  const received = formatBytesIn(i18n.locale, loaded);
  const size = total ? formatBytesIn(i18n.locale, total) : null;
  return (
    <div className="flex flex-col gap-2">
      <Progress value={percent} label={label} />
      <p className="flex justify-between text-xs text-slate-600">
        <span>{percent === null ? t`Downloading…` : t`${percent}%`}</span>
        <span>
          {size === null ? (
            received
          ) : (
            <Trans>
              <bdi>{received}</bdi> of <bdi>{size}</bdi>
            </Trans>
          )}
        </span>
      </p>
    </div>
  );
}
