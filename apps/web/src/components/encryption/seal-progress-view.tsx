import { Trans, useLingui } from '@lingui/react/macro';
import { progressPercent, type SealProgress } from '../../lib/encryption/progress';
import { formatBytesIn } from '../../lib/i18n/format-numbers';
import { Progress } from '../progress';

/**
 * Key derivation, encryption and upload progress of an encrypted share. Only the stage is
 * announced to screen readers; the bar carries the percentage.
 */
export function SealProgressView({ progress }: { progress: SealProgress }) {
  const { t, i18n } = useLingui();
  const percent = progressPercent(progress);
  const labels: Record<SealProgress['stage'], string> = {
    deriving: t`Deriving the key from your password…`,
    encrypting: t`Encrypting in your browser…`,
    uploading: t`Uploading encrypted data…`,
  };
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-sm font-medium text-slate-800">
        {labels[progress.stage]}
      </p>
      <Progress
        value={percent}
        label={progress.stage === 'uploading' ? t`Upload progress` : t`Encryption progress`}
      />
      {progress.stage !== 'deriving' && (
        <p className="flex justify-between text-xs text-slate-600 tabular-nums">
          <span>{t`${percent}%`}</span>
          <span>
            <Trans>
              <bdi>{formatBytesIn(i18n.locale, progress.done)}</bdi> of{' '}
              <bdi>{formatBytesIn(i18n.locale, progress.total)}</bdi>
            </Trans>
          </span>
        </p>
      )}
    </div>
  );
}
