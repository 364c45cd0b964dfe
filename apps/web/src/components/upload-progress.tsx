import { sourceLocale } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Progress } from './progress';
import type { UploadProgress as Transfer } from '../lib/api/multipart-upload';
import { formatBytesIn } from '../lib/i18n/format-numbers';

/** The upload's real progress: percentage and bytes sent of the total. */
export function UploadProgress({ progress }: { progress: Transfer | null }) {
  const percent =
    progress && progress.total > 0
      ? Math.min(100, Math.round((progress.loaded / progress.total) * 100))
      : 0;
  const { t, i18n } = useLingui();
  const sent = formatBytesIn(i18n.locale, progress?.loaded ?? 0);
  const total = formatBytesIn(i18n.locale, progress?.total ?? 0);
  // English keeps its own form; another language writes the percentage its way ("45 %").
  const shown =
    i18n.locale === sourceLocale
      ? `${percent}%`
      : new Intl.NumberFormat(i18n.locale, { style: 'percent' }).format(percent / 100);
  return (
    <div className="flex flex-col gap-2">
      <Progress value={percent} label={t`Upload progress`} />
      <p className="flex justify-between text-sm text-slate-600">
        <span className="font-medium text-slate-900 tabular-nums">{shown}</span>
        <span className="tabular-nums">
          <Trans>
            {sent} of {total}
          </Trans>
        </span>
      </p>
    </div>
  );
}
