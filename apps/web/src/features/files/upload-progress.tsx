import { Progress } from '../../components/progress';
import type { UploadProgress as Transfer } from '../../lib/api/multipart-upload';
import { formatBytes } from '@codedrop/contract';

/** The upload's real progress: percentage and bytes sent of the total. */
export function UploadProgress({ progress }: { progress: Transfer | null }) {
  const percent =
    progress && progress.total > 0
      ? Math.min(100, Math.round((progress.loaded / progress.total) * 100))
      : 0;
  return (
    <div className="flex flex-col gap-2">
      <Progress value={percent} label="Upload progress" />
      <p className="flex justify-between text-sm text-slate-600">
        <span className="font-medium text-slate-900 tabular-nums">{percent}%</span>
        <span className="tabular-nums">
          {formatBytes(progress?.loaded ?? 0)} of {formatBytes(progress?.total ?? 0)}
        </span>
      </p>
    </div>
  );
}
