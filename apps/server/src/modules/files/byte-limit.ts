import { createHash } from 'node:crypto';
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
 * and measured afterwards. It also hashes them on the way: the block list compares the
 * SHA-256 of what was stored without reading it a second time.
 */
export class ByteLimit extends Transform {
  bytes = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) done(new ByteLimitExceededError(this.limit));
    else {
      this.hash.update(chunk);
      done(null, chunk);
    }
  }

  /** SHA-256 (hex) of every byte passed through; call once, after the stream ended. */
  sha256(): string {
    return this.hash.digest('hex');
  }
}
