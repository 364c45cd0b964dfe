import type { ShareType, ShareView } from '@codedrop/contract';
import { ClipboardList, FileText, Flame, Lock, Upload, type LucideIcon } from 'lucide-react';
import { Badge } from '../../components/badge';
import { CardHeader } from '../../components/card';
import { formatDateTime, formatRemaining } from '../../lib/format-date';
import { useNow } from '../../lib/use-now';
import { IconTile } from '../../components/icon-tile';

const kinds = {
  clipboard: { title: 'Shared Clipboard', icon: ClipboardList },
  notepad: { title: 'Shared Note', icon: FileText },
  file: { title: 'Shared File', icon: Upload },
} as const satisfies Record<ShareType, { title: string; icon: LucideIcon }>;

/**
 * Code, dates, a live countdown and the badges of a share (docs/product.md#shared-content-viewer).
 */
export function ViewerHeader({ share }: { share: ShareView }) {
  const { icon: Icon } = kinds[share.type];
  const several = share.type === 'file' && share.files.length > 1;
  const title = several ? 'Shared Files' : kinds[share.type].title;
  return (
    <CardHeader roomy closed>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <IconTile icon={Icon} size="lg" />
          <div>
            <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
            <p className="text-sm text-slate-600">
              Code{' '}
              <span className="font-mono text-base font-semibold tracking-widest text-slate-900">
                {share.code}
              </span>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {share.isEncrypted && (
            <Badge variant="success">
              <Lock aria-hidden="true" />
              End-to-end encrypted
            </Badge>
          )}
          {share.burnAfterReading && (
            <Badge variant="warning">
              <Flame aria-hidden="true" />
              Burn after reading
            </Badge>
          )}
        </div>
      </div>
      <dl className="grid gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Created</dt>
          <dd className="font-medium text-slate-900">
            <time dateTime={share.createdAt}>{formatDateTime(share.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Expires</dt>
          <dd className="font-medium text-slate-900">
            <time dateTime={share.expiresAt}>{formatDateTime(share.expiresAt)}</time>{' '}
            <ExpiresIn expiresAt={share.expiresAt} />
          </dd>
        </div>
      </dl>
    </CardHeader>
  );
}

function ExpiresIn({ expiresAt }: { expiresAt: string }) {
  const now = useNow();
  const left = new Date(expiresAt).getTime() - now;
  if (left <= 0) return <span className="font-normal text-red-700">(expired)</span>;
  return (
    <span className="font-normal whitespace-nowrap text-slate-600">
      (expires in <span className="tabular-nums">{formatRemaining(left)}</span>)
    </span>
  );
}
