/** Where stream bytes come from: a File/Blob, a fetch body or any async iterable of bytes. */
export type ByteSource = Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * The chunks of a source. Blobs are read in pieces of `first` bytes, then `rest` bytes each,
 * so that pieces line up with segments; a stream is cancelled if the consumer stops early or
 * fails. A chunk is only valid until the next one is asked for: a Blob is read into two
 * buffers used in turn. Every consumer here hands each piece to WebCrypto, which copies its
 * input when called, before asking for the next.
 */
export async function* readChunks(
  source: ByteSource,
  first: number,
  rest: number,
): AsyncGenerator<Uint8Array> {
  if (source instanceof Blob) {
    yield* readBlob(source, first, rest);
  } else if (source instanceof ReadableStream) {
    // getReader rather than async iteration, which Safari's streams lack.
    const reader = source.getReader();
    let finished = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        yield checkChunk(value);
      }
      finished = true;
    } finally {
      if (!finished) await reader.cancel().catch(() => undefined);
      reader.releaseLock();
    }
  } else {
    for await (const chunk of source) yield checkChunk(chunk);
  }
}

/**
 * Reads a Blob piece by piece with a BYOB reader into two buffers used in turn: the next
 * piece is read while the consumer encrypts the current one. Measured in Chromium on 50 MiB:
 * `slice(…).arrayBuffer()` per segment took about 120 ms (a round trip to the blob store and
 * a fresh 1 MiB buffer each), this about 15 ms. Where Blob streams have no BYOB reader,
 * slices are the fallback.
 */
async function* readBlob(blob: Blob, first: number, rest: number): AsyncGenerator<Uint8Array> {
  let reader: ReadableStreamBYOBReader;
  try {
    reader = blob.stream().getReader({ mode: 'byob' });
  } catch {
    yield* readSlices(blob, first, rest);
    return;
  }
  const capacity = Math.max(first, rest);
  let spare = new ArrayBuffer(capacity);
  const fill = async (into: ArrayBuffer, want: number) => {
    let filled = 0;
    while (filled < want) {
      const { done, value } = await reader.read(new Uint8Array(into, filled, want - filled));
      // The read transfers the buffer: the bytes now live in `value.buffer`.
      if (value) into = value.buffer as ArrayBuffer;
      if (done) break;
      filled += value.byteLength;
    }
    return new Uint8Array(into, 0, filled);
  };
  let next: Promise<Uint8Array> | null = null;
  try {
    let offset = 0;
    let want = Math.min(first, blob.size);
    next = want > 0 ? fill(new ArrayBuffer(capacity), want) : null;
    while (next) {
      const piece = await next;
      offset += piece.length;
      const short = piece.length < want;
      want = Math.min(rest, blob.size - offset);
      next = !short && want > 0 ? fill(spare, want) : null;
      if (piece.length > 0) yield piece;
      if (short) return; // ended early: the consumer reports the missing bytes
      spare = piece.buffer as ArrayBuffer;
    }
  } finally {
    // A consumer that stops early leaves a read in flight; cancelling ends it.
    next?.catch(() => undefined);
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

async function* readSlices(blob: Blob, first: number, rest: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0, size = first; offset < blob.size; size = rest) {
    const end = Math.min(blob.size, offset + size);
    yield new Uint8Array(await blob.slice(offset, end).arrayBuffer());
    offset = end;
  }
}

function checkChunk(chunk: unknown): Uint8Array {
  if (!(chunk instanceof Uint8Array)) throw new TypeError('Stream chunks must be Uint8Array');
  return chunk;
}
