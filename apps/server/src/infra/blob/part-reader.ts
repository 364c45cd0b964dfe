import type { Readable } from 'node:stream';

/** The body failed (client abort, size limit, bad encoding), as opposed to the store. */
export class SourceFailure {
  constructor(
    readonly error: unknown,
    /** Bytes the failing fill had copied before the body failed, which are the caller's. */
    readonly filled = 0,
  ) {}
}

export interface PartReader {
  /**
   * Copies the body's next bytes into `buffer` until it is full or the body ends, and
   * resolves with how many were copied. Rejects with a SourceFailure if the body fails,
   * saying how many bytes this call had copied by then.
   */
  fill(buffer: Buffer): Promise<number>;
  /** Whether the body has bytes left, waiting for its next chunk or its end to tell. */
  hasMore(): Promise<boolean>;
  /** Bytes read from the body so far. */
  size(): number;
}

/**
 * Reads a body into caller-owned buffers. Copying, rather than keeping the body's own
 * chunks until a part is complete, lets every chunk go as soon as it is read, and the
 * caller decides how many part buffers exist.
 */
export function partReader(body: Readable): PartReader {
  const chunks = (body as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  let rest: Buffer = Buffer.alloc(0);
  let ended = false;
  let size = 0;

  async function pull(): Promise<void> {
    while (rest.length === 0 && !ended) {
      let next: IteratorResult<Buffer | string>;
      try {
        next = await chunks.next();
      } catch (error) {
        throw new SourceFailure(error);
      }
      if (next.done) {
        ended = true;
        return;
      }
      rest = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      size += rest.length;
    }
  }

  return {
    async fill(buffer) {
      let filled = 0;
      while (filled < buffer.length) {
        try {
          await pull();
        } catch (failure) {
          throw new SourceFailure((failure as SourceFailure).error, filled);
        }
        if (rest.length === 0) break;
        const copied = rest.copy(buffer, filled);
        filled += copied;
        rest = rest.subarray(copied);
      }
      return filled;
    },

    async hasMore() {
      await pull();
      return rest.length > 0;
    },

    size: () => size,
  };
}
