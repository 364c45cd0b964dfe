import { TAG_BYTES } from './envelope-parse.js';
import { decryptChunks, encryptChunks } from './stream.js';

/** Plaintext bytes done so far, out of `total`; called once per segment. */
export type ProgressListener = (done: number, total: number) => void;

// Folding parts into a Blob every few segments lets the browser move them out of the JS
// heap (Chromium may page blob data to disk), so a large file is never held twice.
const partsPerFold = 16;

async function collect(
  chunks: AsyncIterable<Uint8Array<ArrayBuffer>>,
  type: string,
  onChunk: (chunk: Uint8Array) => void,
): Promise<Blob> {
  let parts: BlobPart[] = [];
  for await (const chunk of chunks) {
    parts.push(chunk);
    onChunk(chunk);
    if (parts.length > partsPerFold) parts = [new Blob(parts)];
  }
  return new Blob(parts, { type });
}

export interface EncryptBlobOptions {
  /** 7 bytes, random by default; fixed only in known-answer tests. */
  noncePrefix?: Uint8Array;
  onProgress?: ProgressListener;
}

/** Encrypts a File or Blob segment by segment into the stored form (for an XHR upload). */
export function encryptBlob(
  blob: Blob,
  encKey: CryptoKey,
  options: EncryptBlobOptions = {},
): Promise<Blob> {
  const total = blob.size;
  let done = 0;
  let header = true;
  const { noncePrefix } = options;
  const chunks = encryptChunks({ encKey, source: blob, length: total, noncePrefix });
  return collect(chunks, 'application/octet-stream', (chunk) => {
    if (header) {
      header = false;
      return;
    }
    done += chunk.length - TAG_BYTES;
    options.onProgress?.(done, total);
  });
}

export interface DecryptBlobOptions {
  /** MIME type of the result, from the file's metadata. */
  type?: string;
  onProgress?: ProgressListener;
}

/**
 * Decrypts a stored file held as a Blob. Nothing is returned unless every segment
 * authenticates and the size matches `expectedSize`.
 * @throws {DecryptionError}
 */
export function decryptBlob(
  blob: Blob,
  encKey: CryptoKey,
  expectedSize: number,
  options: DecryptBlobOptions = {},
): Promise<Blob> {
  let done = 0;
  const chunks = decryptChunks({ encKey, source: blob, storedLength: blob.size, expectedSize });
  return collect(chunks, options.type ?? '', (chunk) => {
    done += chunk.length;
    options.onProgress?.(done, expectedSize);
  });
}
