import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toast } from 'sonner';
import { problemWords } from '../../lib/api/problem-words';
import { openFileSink } from '../../lib/encryption/file-sink';
import { useMessages } from '../../lib/i18n/product-messages';
import { zipFileName } from '../../lib/zip-names';
import {
  loadPreview,
  saveEncryptedFile,
  savePlainFile,
  saveZip,
  type OnProgress,
  type PreviewResult,
  type TransferOutcome,
} from './file-transfers';
import { metaOf, type ReceivedShare } from './received-share';
import { useDownloadGrant, type DownloadPhase } from './use-download-grant';

/** What is being saved: a file by its index, or the ZIP of all. */
export type TransferTarget = number | 'zip';

export interface Transfer {
  target: TransferTarget;
  phase: DownloadPhase;
}

/**
 * The file viewer's actions, for plain and encrypted shares of one or several files: each
 * file's Download, Download all (.zip) and the previews, all from the page's one grant.
 * One save runs at a time; previews are kept once loaded, so reopening one fetches nothing.
 */
export function useShareDownloads(share: ReceivedShare, onLimitReached: () => void) {
  const grant = useDownloadGrant(share, onLimitReached);
  const { t, i18n } = useLingui();
  const messages = useMessages();
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previews] = useState(() => new Map<number, Promise<PreviewResult>>());

  const run = async (
    target: TransferTarget,
    work: (onProgress: OnProgress) => Promise<TransferOutcome>,
    done: { title: string; description: string },
  ) => {
    const outcome = await work((loaded, total) =>
      setTransfer({ target, phase: { phase: 'transferring', progress: { loaded, total } } }),
    );
    setTransfer(null);
    if (outcome.ok) {
      grant.finish(outcome.grant, done);
      return;
    }
    switch (outcome.reason) {
      case 'cancelled':
        return;
      case 'corrupt':
        setError(messages.decryptFailed);
        toast.error(messages.decryptFailedToast);
        return;
      case 'problem':
        toast.error(messages.downloadFailed, {
          description: problemWords('download', outcome.problem, i18n).title,
        });
    }
  };

  const start = (target: TransferTarget) => {
    setError(null);
    setTransfer({ target, phase: { phase: 'requesting' } });
  };

  const downloadFile = (index: number) => {
    const file = share.files[index]!;
    start(index);
    if (share.keys === undefined) {
      void run(index, (progress) => savePlainFile(grant.holder, share, index, progress), {
        title: t`Download started`,
        description: file.name,
      });
      return;
    }
    // Opened before any await, so the save picker still has this click's activation.
    const sink = openFileSink(metaOf(file));
    void run(index, (progress) => saveEncryptedFile(grant.holder, share, index, sink, progress), {
      title: t`Download complete`,
      description: file.name,
    });
  };

  const downloadAll = () => {
    const name = zipFileName(share.code);
    start('zip');
    const sink = openFileSink({ name, type: 'application/zip', size: 0 });
    void run('zip', (progress) => saveZip(grant.holder, share, sink, progress), {
      title: t`Download complete`,
      description: name,
    });
  };

  /** The preview of file `index`: loaded once, then the same result (failures are retried). */
  const preview = (index: number): Promise<PreviewResult> => {
    let loading = previews.get(index);
    if (loading === undefined) {
      loading = loadPreview(grant.holder, share, index, i18n).then((result) => {
        if (!result.ok) previews.delete(index);
        return result;
      });
      previews.set(index, loading);
    }
    return loading;
  };

  return {
    count: grant.count,
    canDownload: grant.canDownload,
    canPreview: grant.canPreview,
    lastGrantHeld: grant.lastGrantHeld,
    transfer,
    error,
    downloadFile,
    downloadAll,
    preview,
  };
}

export type ShareDownloads = ReturnType<typeof useShareDownloads>;
