import { formatBytes } from '@codedrop/contract';
import { progressPercent, type SealProgress } from '../../lib/encryption/progress';
import { Progress } from '../progress';

const labels = {
  deriving: 'Deriving the key from your password…',
  encrypting: 'Encrypting in your browser…',
  uploading: 'Uploading encrypted data…',
} as const;

/**
 * Key derivation, encryption and upload progress of an encrypted share. Only the stage is
 * announced to screen readers; the bar carries the percentage.
 */
export function SealProgressView({ progress }: { progress: SealProgress }) {
  const percent = progressPercent(progress);
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-sm font-medium text-slate-800">
        {labels[progress.stage]}
      </p>
      <Progress
        value={percent}
        label={progress.stage === 'uploading' ? 'Upload progress' : 'Encryption progress'}
      />
      {progress.stage !== 'deriving' && (
        <p className="flex justify-between text-xs text-slate-600 tabular-nums">
          <span>{percent}%</span>
          <span>
            {formatBytes(progress.done)} of {formatBytes(progress.total)}
          </span>
        </p>
      )}
    </div>
  );
}
