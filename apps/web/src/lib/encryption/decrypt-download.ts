import { decryptChunks, isDecryptionError, type FileMeta } from '@codedrop/crypto';
import { fetchFailure } from '../api/request';
import { fetchResumable } from '../resumable-fetch';
import type { ClientProblem } from '../api/result';
import type { FileSink } from './file-sink';

export interface DecryptDownloadOptions {
  /** The download URL the API issued (it serves the stored ciphertext). */
  url: string;
  encKey: CryptoKey;
  /** Stored (ciphertext) size the share view reported: it tells which segment is last. */
  storedLength: number;
  meta: FileMeta;
  sink: FileSink;
  /** Plaintext bytes authenticated and written so far, out of `meta.size`. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export type DecryptDownloadResult =
  | { ok: true }
  /** Wrong key, or the bytes were altered, cut or extended: nothing was kept. */
  | { ok: false; reason: 'corrupt' }
  | { ok: false; reason: 'problem'; problem: ClientProblem };

/**
 * Fetches the ciphertext and decrypts it segment by segment into `sink`. The sink is
 * committed only after the last segment authenticated at exactly the stored length;
 * on any failure it is discarded, so no partial file is ever saved. Never throws.
 */
export async function downloadDecrypted(
  options: DecryptDownloadOptions,
): Promise<DecryptDownloadResult> {
  const { sink, meta, signal } = options;
  // A dropped connection resumes from the bytes already received (see fetchResumable).
  const fetched = await fetchResumable(options.url, signal);
  if (!fetched.ok) {
    await sink.discard();
    return { ok: false, reason: 'problem', problem: fetched.problem };
  }
  let done = 0;
  options.onProgress?.(done, meta.size);
  try {
    const source = fetched.data.body;
    const chunks = decryptChunks({
      encKey: options.encKey,
      source,
      storedLength: options.storedLength,
      expectedSize: meta.size,
    });
    for await (const chunk of chunks) {
      await sink.write(chunk);
      done += chunk.length;
      options.onProgress?.(done, meta.size);
    }
    await sink.commit();
    return { ok: true };
  } catch (error) {
    await sink.discard();
    if (isDecryptionError(error)) return { ok: false, reason: 'corrupt' };
    return { ok: false, reason: 'problem', problem: fetchFailure(error, signal) };
  }
}
