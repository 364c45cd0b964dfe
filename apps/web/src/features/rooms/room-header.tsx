import type { RoomView as RoomViewData } from '@codedrop/contract';
import { Trans } from '@lingui/react/macro';
import { Check, Copy, Lock, RadioTower } from 'lucide-react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { CardHeader } from '../../components/card';
import { IconTile } from '../../components/icon-tile';
import { formatDateTime, formatRemaining } from '../../lib/format-date';
import { useLocale } from '../../lib/i18n/locale-context';
import { useCopyAction } from '../../lib/use-copy-action';
import { useNow } from '../../lib/use-now';

/** The room's title, its code with Copy Code, whether it is encrypted, and its expiry. */
export function RoomHeader({ room }: { room: RoomViewData }) {
  const codeCopy = useCopyAction();
  const code = room.code;
  return (
    <CardHeader roomy closed>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <IconTile icon={RadioTower} size="lg" />
          <div>
            <h1 className="text-xl font-semibold text-slate-900">
              <Trans>Live room</Trans>
            </h1>
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
        <div className="flex flex-wrap items-center gap-2">
          {room.encrypted && (
            <Badge variant="success">
              <Lock aria-hidden="true" />
              <Trans>End-to-end encrypted</Trans>
            </Badge>
          )}
          <Button variant="secondary" size="sm" onClick={() => void codeCopy.copy(code)}>
            {codeCopy.copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            <Trans>Copy Code</Trans>
          </Button>
        </div>
      </div>
      <dl className="rounded-xl bg-slate-50 p-4 text-sm">
        <dt className="text-slate-600">
          <Trans>Expires</Trans>
        </dt>
        <dd className="font-medium text-slate-900">
          <Expiry expiresAt={room.expiresAt} />
        </dd>
      </dl>
    </CardHeader>
  );
}

function Expiry({ expiresAt }: { expiresAt: string }) {
  const now = useNow();
  const locale = useLocale();
  const left = new Date(expiresAt).getTime() - now;
  const remaining = formatRemaining(Math.max(0, left), locale);
  return (
    <>
      <time dateTime={expiresAt}>{formatDateTime(expiresAt, locale)}</time>{' '}
      {left > 0 ? (
        <span className="font-normal whitespace-nowrap text-slate-600">
          <Trans>
            (expires in <span className="tabular-nums">{remaining}</span>)
          </Trans>
        </span>
      ) : (
        <span className="font-normal text-red-700">
          <Trans>(expired)</Trans>
        </span>
      )}
    </>
  );
}
