import type { UploadProgress } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { Progress } from '../../components/progress';
import { formatBytesIn } from '../../lib/i18n/format-numbers';
import { useMessages } from '../../lib/i18n/product-messages';

/** Percent of an upload stored so far, rounded down (100 only once every byte is there). */
export function uploadPercent({ receivedBytes, totalBytes }: UploadProgress): number {
  if (totalBytes === 0) return 0;
  return Math.min(99, Math.floor((receivedBytes / totalBytes) * 100));
}

/**
 * A file share whose sender is still uploading it: how far the bytes have come, live
 * (docs/product.md#resumable-uploads). The download waits below, disabled.
 */
export function UploadingNotice({ upload }: { upload: UploadProgress }) {
  const { t, i18n } = useLingui();
  const messages = useMessages();
  const percent = uploadPercent(upload);
  const received = formatBytesIn(i18n.locale, upload.receivedBytes);
  const total = formatBytesIn(i18n.locale, upload.totalBytes);
  return (
    // Not a live region (it changes every second); the viewer announces when it is ready.
    <div className="flex flex-col gap-2 rounded-xl border border-brand-200 bg-brand-50 p-4">
      <p className="flex justify-between text-sm">
        <span className="font-semibold text-brand-800 tabular-nums">
          {messages.uploadingPercent(percent)}
        </span>
        <span className="text-slate-600 tabular-nums">
          <Trans>
            <bdi>{received}</bdi> of <bdi>{total}</bdi>
          </Trans>
        </span>
      </p>
      <Progress value={percent} label={t`Upload progress`} />
      <p className="text-xs text-slate-600">
        <Trans>
          The sender is still uploading this file. The download starts once every byte has arrived;
          this page updates by itself.
        </Trans>
      </p>
    </div>
  );
}
