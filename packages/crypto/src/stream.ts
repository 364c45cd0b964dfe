import { readChunks, type ByteSource } from './source.js';
import { StreamDecryptor } from './stream-decryptor.js';
import { StreamEncryptor } from './stream-encryptor.js';
import { SEALED_SEGMENT_SIZE, SEGMENT_SIZE, STREAM_HEADER_BYTES } from './stream-format.js';

type Bytes = Uint8Array<ArrayBuffer>;

export interface EncryptFileOptions {
  encKey: CryptoKey;
  source: ByteSource;
  /** Exact plaintext length of `source` (for a Blob, its `size`). */
  length: number;
  /** 7 bytes, random by default; fixed only in known-answer tests. */
  noncePrefix?: Uint8Array;
}

export interface DecryptFileOptions {
  encKey: CryptoKey;
  source: ByteSource;
  /** Exact stored length of `source`, header included: it tells which segment is last. */
  storedLength: number;
  /** Plaintext `size` from the file's encrypted metadata. */
  expectedSize: number;
}

/** Header, then one sealed segment at a time; memory is bounded by one segment. */
export async function* encryptChunks(options: EncryptFileOptions): AsyncGenerator<Bytes> {
  const encryptor = new StreamEncryptor(options.encKey, options.length, options.noncePrefix);
  yield encryptor.header.slice();
  for await (const chunk of readChunks(options.source, SEGMENT_SIZE, SEGMENT_SIZE)) {
    yield* encryptor.push(chunk);
  }
  yield* encryptor.finish();
}

/**
 * One authenticated plaintext segment at a time. Fails with a DecryptionError on a wrong key,
 * any altered, reordered, dropped or added byte, a cut stream or a size that differs from
 * `expectedSize`; segments already yielded must then be discarded by the caller. The last
 * segment is yielded only after the source has ended at exactly `storedLength` bytes, so
 * a generator that completes has produced the whole authenticated file.
 */
export async function* decryptChunks(options: DecryptFileOptions): AsyncGenerator<Bytes> {
  const decryptor = new StreamDecryptor(options.encKey, options.storedLength, options.expectedSize);
  const chunks = readChunks(options.source, STREAM_HEADER_BYTES, SEALED_SEGMENT_SIZE);
  let last: Bytes | null = null;
  for await (const chunk of chunks) {
    for await (const plain of decryptor.push(chunk)) {
      if (decryptor.complete) last = plain;
      else yield plain;
    }
  }
  decryptor.finish();
  if (last?.length) yield last;
}

// highWaterMark 0: nothing is produced before a reader asks, so memory stays at one segment.
function toStream(chunks: AsyncGenerator<Bytes>): ReadableStream<Bytes> {
  return new ReadableStream<Bytes>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

export function encryptStream(options: EncryptFileOptions): ReadableStream<Bytes> {
  return toStream(encryptChunks(options));
}

/** The stream errors with a DecryptionError where {@link decryptChunks} would throw. */
export function decryptStream(options: DecryptFileOptions): ReadableStream<Bytes> {
  return toStream(decryptChunks(options));
}

/** For `body.pipeThrough(…)`: encrypts exactly `length` plaintext bytes. */
export function createEncryptTransform(
  options: Omit<EncryptFileOptions, 'source'>,
): TransformStream<Uint8Array, Bytes> {
  const encryptor = new StreamEncryptor(options.encKey, options.length, options.noncePrefix);
  return new TransformStream<Uint8Array, Bytes>({
    start(controller) {
      controller.enqueue(encryptor.header.slice());
    },
    async transform(chunk, controller) {
      for await (const sealed of encryptor.push(chunk)) controller.enqueue(sealed);
    },
    async flush(controller) {
      for await (const sealed of encryptor.finish()) controller.enqueue(sealed);
    },
  });
}

/**
 * For `body.pipeThrough(…)`. Throws at once (DecryptionError) when `storedLength` cannot
 * hold `expectedSize` bytes; otherwise the readable side errors with a DecryptionError.
 */
export function createDecryptTransform(
  options: Omit<DecryptFileOptions, 'source'>,
): TransformStream<Uint8Array, Bytes> {
  const decryptor = new StreamDecryptor(options.encKey, options.storedLength, options.expectedSize);
  let last: Bytes | null = null;
  return new TransformStream<Uint8Array, Bytes>({
    async transform(chunk, controller) {
      for await (const plain of decryptor.push(chunk)) {
        if (decryptor.complete) last = plain;
        else controller.enqueue(plain);
      }
    },
    flush(controller) {
      decryptor.finish();
      if (last?.length) controller.enqueue(last);
    },
  });
}
