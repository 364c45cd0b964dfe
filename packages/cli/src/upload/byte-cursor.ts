import { CliError } from '../cli-errors.js';

/**
 * Reads a stream of chunks as consecutive byte runs of chosen lengths: each tus PATCH takes
 * the next chunk-size run of the one encrypted stream, and a Range the server did not honour
 * is skipped to and cut out. Chunks are passed on as they come (split where a run ends), so
 * nothing is gathered in memory.
 */
export class ByteCursor {
  private readonly source: AsyncIterator<Uint8Array>;
  private leftover: Uint8Array | null = null;

  constructor(chunks: AsyncIterable<Uint8Array>) {
    this.source = chunks[Symbol.asyncIterator]();
  }

  /** Exactly the next `count` bytes; a source that ends first is an error, not a short run. */
  async *take(count: number): AsyncGenerator<Uint8Array> {
    let left = count;
    while (left > 0) {
      let chunk = this.leftover;
      this.leftover = null;
      if (chunk === null) {
        const next = await this.source.next();
        if (next.done) throw new CliError(`the data ended ${left} bytes early`);
        chunk = next.value;
      }
      if (chunk.length > left) {
        this.leftover = chunk.subarray(left);
        chunk = chunk.subarray(0, left);
      }
      left -= chunk.length;
      if (chunk.length > 0) yield chunk;
    }
  }

  /** Reads past the next `count` bytes. */
  async skip(count: number): Promise<void> {
    for await (const chunk of this.take(count)) void chunk;
  }

  /** Stops the source (closing the file or the response it reads). */
  async close(): Promise<void> {
    this.leftover = null;
    await this.source.return?.();
  }
}
