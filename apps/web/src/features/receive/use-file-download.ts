import { messages, type FileInfo } from '@codedrop/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { requestDownload } from '../../lib/api/shares-api';
import {
  fetchBlob,
  isSameOrigin,
  saveBlob,
  startBrowserDownload,
  type TransferProgress,
} from '../../lib/download-file';
import { problemWords } from '../../lib/api/problem-words';

export type DownloadPhase =
  | { phase: 'idle' }
  | { phase: 'requesting' }
  | { phase: 'transferring'; progress: TransferProgress };

/**
 * Download File: asks the API for a URL (which uses one download), fetches the bytes with
 * progress and saves them. When that download was the last one allowed, tells the visitor
 * the file is gone and calls `onLimitReached`.
 */
export function useFileDownload(code: string, file: FileInfo, onLimitReached: () => void) {
  const [state, setState] = useState<DownloadPhase>({ phase: 'idle' });
  const [count, setCount] = useState({ used: file.downloadCount, max: file.maxDownloads });

  const fail = (description: string) => {
    setState({ phase: 'idle' });
    toast.error(messages.downloadFailed, { description });
  };

  const download = async () => {
    setState({ phase: 'requesting' });
    const granted = await requestDownload(code);
    if (!granted.ok) {
      if (granted.problem.code === 'DOWNLOAD_LIMIT_REACHED') {
        setCount((c) => ({ ...c, used: c.max }));
      }
      fail(problemWords('download', granted.problem).title);
      return;
    }
    const { downloadUrl, downloadCount, maxDownloads } = granted.data;
    setCount({ used: downloadCount, max: maxDownloads });

    if (isSameOrigin(downloadUrl)) {
      const fetched = await fetchBlob(downloadUrl, (progress) =>
        setState({ phase: 'transferring', progress }),
      );
      if (!fetched.ok) {
        fail(messages.downloadFailedFallback);
        return;
      }
      saveBlob(fetched.data, file.name);
    } else {
      startBrowserDownload(downloadUrl);
    }
    setState({ phase: 'idle' });

    if (downloadCount >= maxDownloads) {
      toast(messages.downloadLimitReached, { description: messages.fileDeleted });
      onLimitReached();
    } else {
      toast.success('Download started', { description: file.name });
    }
  };

  return { state, count, download };
}
