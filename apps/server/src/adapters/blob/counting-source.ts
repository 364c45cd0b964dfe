import { Readable } from 'node:stream';

export interface CountingSource {
  stream: Readable;
  size(): number;
  /** Set when the caller's body failed, as opposed to the store. */
  failure(): { error: unknown } | undefined;
}

/** Wraps `body` to count its bytes and to tell its own failures from the consumer's. */
export function countingSource(body: Readable): CountingSource {
  let size = 0;
  let failure: { error: unknown } | undefined;
  async function* chunks() {
    try {
      for await (const chunk of body as AsyncIterable<Buffer | string>) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += bytes.length;
        yield bytes;
      }
    } catch (error) {
      failure = { error };
      throw error;
    }
  }
  return {
    stream: Readable.from(chunks(), { objectMode: false }),
    size: () => size,
    failure: () => failure,
  };
}
