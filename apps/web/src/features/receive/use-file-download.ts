import { messages, type FileInfo } from '@codedrop/contract';
import { fetchBlob, isSameOrigin, saveBlob, startBrowserDownload } from '../../lib/download-file';
import { useDownloadGrant } from './use-download-grant';

export type { DownloadPhase } from './use-download-grant';

/**
 * Download File: asks the API for a URL (which uses one download), fetches the bytes with
 * progress and saves them. When that download was the last one allowed, tells the visitor
 * the file is gone and calls `onLimitReached`.
 */
export function useFileDownload(code: string, file: FileInfo, onLimitReached: () => void) {
  const { state, setState, count, fail, grant, finish } = useDownloadGrant(
    code,
    file,
    onLimitReached,
  );

  const download = async () => {
    setState({ phase: 'requesting' });
    const granted = await grant();
    if (granted === null) return;
    if (isSameOrigin(granted.downloadUrl)) {
      const fetched = await fetchBlob(granted.downloadUrl, (progress) =>
        setState({ phase: 'transferring', progress }),
      );
      if (!fetched.ok) {
        fail(messages.downloadFailedFallback);
        return;
      }
      saveBlob(fetched.data, file.name);
    } else {
      startBrowserDownload(granted.downloadUrl);
    }
    setState({ phase: 'idle' });
    finish(granted, { title: 'Download started', description: file.name });
  };

  return { state, count, download };
}
