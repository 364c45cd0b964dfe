import { messages, type FileInfo } from '@codedrop/contract';
import { toBase64, type DerivedKeys, type FileMeta } from '@codedrop/crypto';
import { useState } from 'react';
import { toast } from 'sonner';
import { downloadDecrypted } from '../../lib/encryption/decrypt-download';
import { openFileSink } from '../../lib/encryption/file-sink';
import { problemWords } from '../../lib/api/problem-words';
import { useDownloadGrant } from './use-download-grant';

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
  const { state, setState, count, fail, grant, finish } = useDownloadGrant(
    code,
    file,
    onLimitReached,
  );
  const [error, setError] = useState<string | null>(null);

  const run = async (sinkOpened: ReturnType<typeof openFileSink>) => {
    const sink = await sinkOpened;
    if (sink === null) {
      // The visitor closed the save dialog: no download was used.
      setState({ phase: 'idle' });
      return;
    }
    const granted = await grant(toBase64(keys.authKey));
    if (granted === null) {
      await sink.discard();
      return;
    }
    const result = await downloadDecrypted({
      url: granted.downloadUrl,
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
    finish(granted, { title: 'Download complete', description: meta.name });
  };

  const download = () => {
    setError(null);
    setState({ phase: 'requesting' });
    // Called before any await, so the save picker still has this click's activation.
    void run(openFileSink(meta));
  };

  return { state, count, error, download };
}
