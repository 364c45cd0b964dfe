import { toBase64 } from '@codedrop/crypto';
import { useEffect, useReducer, useState } from 'react';
import { toast } from 'sonner';
import { requestDownload } from '../../lib/api/shares-api';
import type { TransferProgress } from '../../lib/download-file';
import { createGrantHolder, type DownloadGrant } from '../../lib/download-grant';
import { useMessages } from '../../lib/i18n/product-messages';
import type { ReceivedShare } from './received-share';

export type DownloadPhase =
  | { phase: 'idle' }
  | { phase: 'requesting' }
  | { phase: 'transferring'; progress: TransferProgress };

/**
 * The page's download grant (lib/download-grant.ts) and what goes with it: the download
 * count shown, and the words once a download worked. A single-file share counts each
 * Download File and goes home after the last one allowed, as it always did; a share of
 * several files keeps its last grant's URLs usable until they expire, so the visitor can
 * still fetch every file with it.
 */
export function useDownloadGrant(share: ReceivedShare, onLimitReached: () => void) {
  const single = share.files.length === 1;
  const messages = useMessages();
  const [count, setCount] = useState(share.count);
  const [holder] = useState(() =>
    createGrantHolder({
      request: () =>
        requestDownload(share.code, share.keys ? toBase64(share.keys.authKey) : undefined),
      oneDownloadPerGrant: single,
      onGranted: (grant) => setCount({ used: grant.downloadCount, max: grant.maxDownloads }),
      onRefused: (problem) => {
        if (problem.code === 'DOWNLOAD_LIMIT_REACHED') setCount((c) => ({ ...c, used: c.max }));
      },
    }),
  );

  // Buttons that a held grant keeps usable past the limit turn off when it expires.
  const [, expired] = useReducer((n: number) => n + 1, 0);
  const heldUntil = holder.heldUntil();
  useEffect(() => {
    if (heldUntil === null) return;
    const timer = setTimeout(expired, Math.max(0, heldUntil - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [heldUntil]);

  const exhausted = count.used >= count.max;

  /** After a download that worked: on a single file, going home if it was the last. */
  const finish = (grant: DownloadGrant, done: { title: string; description: string }) => {
    if (single && grant.downloadCount >= grant.maxDownloads) {
      toast(messages.downloadLimitReached, { description: messages.fileDeleted });
      onLimitReached();
    } else {
      toast.success(done.title, { description: done.description });
    }
  };

  return {
    holder,
    count,
    /** Whether a download can start: downloads are left, or the held grant still serves one. */
    canDownload: !exhausted || holder.canUseHeld('download'),
    canPreview: !exhausted || holder.canUseHeld('preview'),
    /** Several files, the last download taken by this page, its URLs still usable. */
    lastGrantHeld: !single && exhausted && holder.canUseHeld('download'),
    finish,
  };
}
