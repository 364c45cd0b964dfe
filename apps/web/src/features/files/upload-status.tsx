import { Trans, useLingui } from '@lingui/react/macro';
import { RotateCw } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Progress } from '../../components/progress';
import { formatBytesIn } from '../../lib/i18n/format-numbers';
import { productMessages } from '../../lib/i18n/product-messages';
import type { UploadTracker } from './upload-tracker';

/**
 * The bytes still going up behind a code already shown (docs/product.md#resumable-uploads):
 * a live bar while they go, "Upload complete" once stored, and "Resume upload" if the
 * connection stayed down past every retry.
 */
export function UploadStatus({ tracker }: { tracker: UploadTracker }) {
  const state = useSyncExternalStore(tracker.subscribe, tracker.snapshot, tracker.snapshot);
  const { t, i18n } = useLingui();
  const messages = productMessages(i18n);
  if (state.phase === 'done') {
    return (
      <Alert variant="success" title={t`Upload complete`}>
        <Trans>Every byte is stored: the file can be downloaded now.</Trans>
      </Alert>
    );
  }
  // 100 only once the server has every byte (the phase above), never while the last waits.
  const percent = state.total > 0 ? Math.min(99, Math.floor((state.sent / state.total) * 100)) : 0;
  const sent = formatBytesIn(i18n.locale, state.sent);
  const total = formatBytesIn(i18n.locale, state.total);
  // Only the stage is announced (as SealProgressView does): a percentage read out at every
  // step would drown everything else. The bar carries it, and the end (complete or failed)
  // is announced by its alert.
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="sr-only">
        <Trans>Uploading…</Trans>
      </p>
      <p className="flex justify-between text-sm">
        <span className="font-semibold text-slate-900 tabular-nums">
          {messages.uploadingPercent(percent)}
        </span>
        <span className="text-slate-600 tabular-nums">
          <Trans>
            {sent} of {total}
          </Trans>
        </span>
      </p>
      <Progress value={percent} label={t`Upload progress`} />
      <p className="text-xs text-slate-600">
        <Trans>
          You can share the code now: the recipient can download once the upload is complete. Keep
          this page open until then.
        </Trans>
      </p>
      {state.phase === 'failed' && (
        <>
          <Alert variant="error" title={state.problem?.title ?? t`Upload interrupted`}>
            {state.problem?.detail}
          </Alert>
          {/* An upload the server no longer has (deleted, reclaimed) cannot go on, nor can
              bytes an operator blocked. */}
          {state.problem?.status !== 404 &&
            state.problem?.status !== 410 &&
            state.problem?.code !== 'CONTENT_BLOCKED' && (
              <Button variant="secondary" onClick={() => tracker.retry()}>
                <RotateCw aria-hidden="true" />
                {messages.resumeUpload}
              </Button>
            )}
        </>
      )}
    </div>
  );
}
