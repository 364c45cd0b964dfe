/**
 * Cuts arbitrary chunks into pieces of known lengths, holding at most one piece: a chunk
 * that already contains a whole piece is passed through as a view, without a copy. Pieces
 * that span chunks are gathered in one buffer that is reused, so a piece is only valid until
 * the next one is asked for (the streams hand each piece to WebCrypto, which copies it when
 * called). A fresh 1 MiB buffer per segment cost page faults and garbage for the collector.
 */
export class Cutter {
  private buffer: Uint8Array<ArrayBuffer> | null = null;
  private filled = 0;
  private next = 0;

  constructor(
    private readonly count: number,
    private readonly lengthOf: (index: number) => number,
    private readonly errors: { tooLong: () => Error; tooShort: () => Error },
  ) {}

  /** Yields every piece the chunk completes. */
  *push(chunk: Uint8Array): Generator<Uint8Array> {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.next >= this.count) throw this.errors.tooLong();
      const need = this.lengthOf(this.next);
      if (this.filled === 0 && chunk.length - offset >= need) {
        this.next++;
        yield chunk.subarray(offset, offset + need);
        offset += need;
        continue;
      }
      if (this.buffer === null || this.buffer.length < need) this.buffer = new Uint8Array(need);
      const take = Math.min(need - this.filled, chunk.length - offset);
      this.buffer.set(chunk.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === need) {
        this.filled = 0;
        this.next++;
        yield this.buffer.subarray(0, need);
      }
    }
  }

  /** Returns a trailing empty piece (an empty file's only segment); fails if input is missing. */
  finish(): Uint8Array[] {
    const empty: Uint8Array[] = [];
    while (this.next < this.count && this.filled === 0 && this.lengthOf(this.next) === 0) {
      this.next++;
      empty.push(new Uint8Array(0));
    }
    if (this.next < this.count) throw this.errors.tooShort();
    return empty;
  }
}
