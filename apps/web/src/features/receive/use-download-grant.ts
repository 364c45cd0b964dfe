import { messages, type DownloadResponse, type FileInfo } from '@codedrop/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { problemWords } from '../../lib/api/problem-words';
import { requestDownload } from '../../lib/api/shares-api';
import type { TransferProgress } from '../../lib/download-file';

export type DownloadPhase =
  | { phase: 'idle' }
  | { phase: 'requesting' }
  | { phase: 'transferring'; progress: TransferProgress };

/**
 * What plain and encrypted downloads share: the phase shown on the button, the download
 * count, asking for a URL (which uses one download), and the words when it fails or when
 * it was the last download allowed.
 */
export function useDownloadGrant(code: string, file: FileInfo, onLimitReached: () => void) {
  const [state, setState] = useState<DownloadPhase>({ phase: 'idle' });
  const [count, setCount] = useState({ used: file.downloadCount, max: file.maxDownloads });

  /** "Download failed" with the reason under it; the button is ready again. */
  const fail = (description: string) => {
    setState({ phase: 'idle' });
    toast.error(messages.downloadFailed, { description });
  };

  /** A download URL, or null when the server refused (and the visitor was told why). */
  const grant = async (authKey?: string): Promise<DownloadResponse | null> => {
    const granted = await requestDownload(code, authKey);
    if (!granted.ok) {
      if (granted.problem.code === 'DOWNLOAD_LIMIT_REACHED') {
        setCount((c) => ({ ...c, used: c.max }));
      }
      fail(problemWords('download', granted.problem).title);
      return null;
    }
    setCount({ used: granted.data.downloadCount, max: granted.data.maxDownloads });
    return granted.data;
  };

  /** After a download that worked: the file is gone if it was the last, else `done`. */
  const finish = (granted: DownloadResponse, done: { title: string; description: string }) => {
    if (granted.downloadCount >= granted.maxDownloads) {
      toast(messages.downloadLimitReached, { description: messages.fileDeleted });
      onLimitReached();
    } else {
      toast.success(done.title, { description: done.description });
    }
  };

  return { state, setState, count, fail, grant, finish };
}
