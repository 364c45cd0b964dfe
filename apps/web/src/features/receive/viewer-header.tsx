import type { ShareType, ShareView } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ClipboardList, FileText, Flame, Lock, Upload, type LucideIcon } from 'lucide-react';
import { Badge } from '../../components/badge';
import { CardHeader } from '../../components/card';
import { formatDateTime, formatRemaining } from '../../lib/format-date';
import { useLocale } from '../../lib/i18n/locale-context';
import { useNow } from '../../lib/use-now';
import { IconTile } from '../../components/icon-tile';

const icons: Record<ShareType, LucideIcon> = {
  clipboard: ClipboardList,
  notepad: FileText,
  file: Upload,
};

/**
 * Code, dates, a live countdown and the badges of a share (docs/product.md#shared-content-viewer).
 */
export function ViewerHeader({ share }: { share: ShareView }) {
  const { t } = useLingui();
  const locale = useLocale();
  const Icon = icons[share.type];
  const several = share.type === 'file' && share.files.length > 1;
  const titles: Record<ShareType, string> = {
    clipboard: t`Shared Clipboard`,
    notepad: t`Shared Note`,
    file: t`Shared File`,
  };
  const title = several ? t`Shared Files` : titles[share.type];
  const code = share.code;
  return (
    <CardHeader roomy closed>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <IconTile icon={Icon} size="lg" />
          <div>
            <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
            <p className="text-sm text-slate-600">
              <Trans>
                Code{' '}
                <span
                  dir="ltr"
                  className="font-mono text-base font-semibold tracking-widest text-slate-900"
                >
                  {code}
                </span>
              </Trans>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {share.isEncrypted && (
            <Badge variant="success">
              <Lock aria-hidden="true" />
              <Trans>End-to-end encrypted</Trans>
            </Badge>
          )}
          {share.burnAfterReading && (
            <Badge variant="warning">
              <Flame aria-hidden="true" />
              <Trans>Burn after reading</Trans>
            </Badge>
          )}
        </div>
      </div>
      <dl className="grid gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">
            <Trans>Created</Trans>
          </dt>
          <dd className="font-medium text-slate-900">
            <time dateTime={share.createdAt}>{formatDateTime(share.createdAt, locale)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">
            <Trans>Expires</Trans>
          </dt>
          <dd className="font-medium text-slate-900">
            <time dateTime={share.expiresAt}>{formatDateTime(share.expiresAt, locale)}</time>{' '}
            <ExpiresIn expiresAt={share.expiresAt} />
          </dd>
        </div>
      </dl>
    </CardHeader>
  );
}

function ExpiresIn({ expiresAt }: { expiresAt: string }) {
  const now = useNow();
  const locale = useLocale();
  const left = new Date(expiresAt).getTime() - now;
  if (left <= 0) {
    return (
      <span className="font-normal text-red-700">
        <Trans>(expired)</Trans>
      </span>
    );
  }
  const remaining = formatRemaining(left, locale);
  return (
    <span className="font-normal whitespace-nowrap text-slate-600">
      <Trans>
        (expires in <span className="tabular-nums">{remaining}</span>)
      </Trans>
    </span>
  );
}
