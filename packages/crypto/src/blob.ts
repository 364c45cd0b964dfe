import { assemble, foldingAssembler, type BlobAssembler } from './assembler.js';
import { TAG_BYTES } from './envelope-parse.js';
import { decryptChunks, encryptChunks } from './stream.js';

/** Plaintext bytes done so far, out of `total`; called once per segment. */
export type ProgressListener = (done: number, total: number) => void;

export interface EncryptBlobOptions {
  /** 7 bytes, random by default; fixed only in known-answer tests. */
  noncePrefix?: Uint8Array;
  onProgress?: ProgressListener;
  /** Where the sealed segments are gathered; on this thread by default. */
  assembler?: BlobAssembler;
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
  const assembler = options.assembler ?? foldingAssembler();
  return assemble(chunks, assembler, 'application/octet-stream', (chunk) => {
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
  /** Where the plaintext segments are gathered; on this thread by default. */
  assembler?: BlobAssembler;
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
  const assembler = options.assembler ?? foldingAssembler();
  return assemble(chunks, assembler, options.type ?? '', (chunk) => {
    done += chunk.length;
    options.onProgress?.(done, expectedSize);
  });
}
