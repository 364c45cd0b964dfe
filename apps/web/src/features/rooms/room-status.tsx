import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCcw } from 'lucide-react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';

/** "Connected · 3 devices", or that the connection is (re)starting. */
export function ConnectionLine({
  connection,
  devices,
}: {
  connection: 'connecting' | 'open' | 'reconnecting';
  devices: number | null;
}) {
  const { t } = useLingui();
  const connected = connection === 'open' && devices !== null;
  const words =
    connection === 'reconnecting'
      ? t`Reconnecting…`
      : connected
        ? t`Connected · ${plural(devices, { one: '# device', other: '# devices' })}`
        : t`Connecting…`;
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
      <span
        aria-hidden="true"
        className={cn(
          'size-2.5 rounded-full',
          connected ? 'bg-emerald-500' : 'animate-pulse bg-amber-500',
        )}
      />
      {words}
    </p>
  );
}

export function RoomEnded({
  words,
  onRetry,
}: {
  words: { title: string; detail?: string };
  onRetry?: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="error" title={words.title}>
        {words.detail}
      </Alert>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry} className="self-start">
          <RotateCcw aria-hidden="true" />
          <Trans>Try again</Trans>
        </Button>
      )}
    </div>
  );
}
