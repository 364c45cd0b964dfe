import { Transform, type TransformCallback } from 'node:stream';

/** Raised by ByteLimit the moment a stream passes its limit. */
export class ByteLimitExceededError extends Error {
  constructor(readonly limit: number) {
    super(`Stream exceeded ${limit} bytes`);
    this.name = 'ByteLimitExceededError';
  }
}

/**
 * Counts bytes through and fails the stream as soon as they pass `limit`, so an oversized
 * upload is stopped mid-flight (and its partial blob discarded) instead of being stored
 * and measured afterwards.
 */
export class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) done(new ByteLimitExceededError(this.limit));
    else done(null, chunk);
  }
}
