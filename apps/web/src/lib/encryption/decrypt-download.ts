import {
  decryptChunks,
  decryptStream,
  isDecryptionError,
  releaseBytes,
  type FileMeta,
} from '@codedrop/crypto';
import { fetchFailure } from '../api/request';
import { fetchResumable, type ResumableBody } from '../resumable-fetch';
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
  // A dropped connection resumes from the bytes already received (see fetchResumable).
  const fetched = await fetchResumable(options.url, options.signal);
  if (!fetched.ok) {
    await options.sink.discard();
    return { ok: false, reason: 'problem', problem: fetched.problem };
  }
  return decryptInto(fetched.data, options);
}

/** {@link downloadDecrypted} for a body already fetched (and any failure before it handled). */
export async function decryptInto(
  fetched: FetchedBody,
  options: Omit<DecryptDownloadOptions, 'url'>,
): Promise<DecryptDownloadResult> {
  const { sink, meta, signal } = options;
  let done = 0;
  options.onProgress?.(done, meta.size);
  try {
    const chunks = decryptChunks({
      encKey: options.encKey,
      source: sourceOf(fetched),
      storedLength: options.storedLength,
      expectedSize: meta.size,
    });
    for await (const chunk of chunks) {
      // The sink takes the chunk over and may free it: count it first.
      done += chunk.length;
      await sink.write(chunk);
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

/**
 * The plaintext of one stored file as a stream of authenticated segments, for readers that
 * take a stream (a preview, the ZIP). It errors with a DecryptionError where decryption
 * fails, and segments already read must then be thrown away. Nothing is decrypted before a
 * reader asks (highWaterMark 0), so memory stays at one segment.
 */
export function decryptedStream(
  fetched: FetchedBody,
  options: { encKey: CryptoKey; storedLength: number; expectedSize: number },
): ReadableStream<Uint8Array<ArrayBuffer>> {
  return decryptStream({ ...options, source: sourceOf(fetched) });
}

/** A fetched body (resumable-fetch.ts), with its in-place reader where the browser has one. */
export type FetchedBody = Pick<ResumableBody, 'body' | 'byteReader'>;

/** The body read into the decryptor's own buffers where it can be, else chunk by chunk. */
const sourceOf = (fetched: FetchedBody) => fetched.byteReader ?? released(fetched.body);

/**
 * The body's chunks, each freed as soon as the decryptor asks for the next one (it has
 * copied the chunk by then). Left to the garbage collector, 50 MiB of network chunks were
 * still in a Chromium page when the download ended. Stopping early cancels the body.
 */
async function* released(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield value;
      releaseBytes(value);
    }
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
