import { messages, type FileInfo } from '@codedrop/contract';
import { toBase64, type DerivedKeys, type FileMeta } from '@codedrop/crypto';
import { useState } from 'react';
import { toast } from 'sonner';
import { requestDownload } from '../../lib/api/shares-api';
import { downloadDecrypted } from '../../lib/encryption/decrypt-download';
import { openFileSink } from '../../lib/encryption/file-sink';
import { problemWords } from '../../lib/api/problem-words';
import type { DownloadPhase } from './use-file-download';

/**
 * Download File for an encrypted share: the save target is chosen first (the picker needs
 * the click), then a download is requested with authKey, and the ciphertext is fetched and
 * decrypted segment by segment into it. Nothing is kept unless every segment authenticates.
 */
export function useEncryptedDownload(
  code: string,
  file: FileInfo,
  meta: FileMeta,
  keys: DerivedKeys,
  onLimitReached: () => void,
) {
  const [state, setState] = useState<DownloadPhase>({ phase: 'idle' });
  const [count, setCount] = useState({ used: file.downloadCount, max: file.maxDownloads });
  const [error, setError] = useState<string | null>(null);

  const fail = (description: string) => {
    setState({ phase: 'idle' });
    toast.error(messages.downloadFailed, { description });
  };

  const run = async (sinkOpened: ReturnType<typeof openFileSink>) => {
    const sink = await sinkOpened;
    if (sink === null) {
      // The visitor closed the save dialog: no download was used.
      setState({ phase: 'idle' });
      return;
    }
    const granted = await requestDownload(code, toBase64(keys.authKey));
    if (!granted.ok) {
      await sink.discard();
      if (granted.problem.code === 'DOWNLOAD_LIMIT_REACHED') {
        setCount((c) => ({ ...c, used: c.max }));
      }
      fail(problemWords('download', granted.problem).title);
      return;
    }
    const { downloadUrl, downloadCount, maxDownloads } = granted.data;
    setCount({ used: downloadCount, max: maxDownloads });
    const result = await downloadDecrypted({
      url: downloadUrl,
      encKey: keys.encKey,
      storedLength: file.size,
      meta,
      sink,
      onProgress: (loaded, total) =>
        setState({ phase: 'transferring', progress: { loaded, total } }),
    });
    setState({ phase: 'idle' });
    if (!result.ok) {
      if (result.reason === 'corrupt') {
        setError(messages.decryptFailed);
        toast.error(messages.decryptFailedToast);
      } else {
        fail(problemWords('download', result.problem).title);
      }
      return;
    }
    if (downloadCount >= maxDownloads) {
      toast(messages.downloadLimitReached, { description: messages.fileDeleted });
      onLimitReached();
    } else {
      toast.success('Download complete', { description: meta.name });
    }
  };

  const download = () => {
    setError(null);
    setState({ phase: 'requesting' });
    // Called before any await, so the save picker still has this click's activation.
    void run(openFileSink(meta));
  };

  return { state, count, error, download };
}
