/**
 * Reads into the buffer it is given, as a BYOB reader does: a fetch body's, or one that
 * resumes a broken download (the web app's resumable-fetch.ts).
 */
export interface ByteReader {
  read(view: Uint8Array<ArrayBuffer>): Promise<ReadableStreamReadResult<Uint8Array<ArrayBuffer>>>;
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}

/** Where stream bytes come from: a File/Blob, a fetch body, a reader or any async iterable. */
export type ByteSource = Blob | ReadableStream<Uint8Array> | ByteReader | AsyncIterable<Uint8Array>;

/**
 * The chunks of a source. Blobs and byte streams are read in pieces of `first` bytes, then
 * `rest` bytes each, so that pieces line up with segments; other streams as they come. A
 * stream is cancelled if the consumer stops early or fails. A chunk is only valid until the
 * next one is asked for: pieces are read into two buffers used in turn. Every consumer here
 * hands each piece to WebCrypto, which copies its input when called, before asking for the
 * next.
 */
export async function* readChunks(
  source: ByteSource,
  first: number,
  rest: number,
): AsyncGenerator<Uint8Array> {
  if (source instanceof Blob) {
    yield* readBlob(source, first, rest);
  } else if (source instanceof ReadableStream) {
    const bytes = byobReader(source);
    if (bytes) {
      yield* readPieces(bytes, first, rest, null);
      return;
    }
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
  } else if (Symbol.asyncIterator in source) {
    // Before readers: a Node stream has a `read` method too, of another kind.
    for await (const chunk of source) yield checkChunk(chunk);
  } else {
    yield* readPieces(source, first, rest, null);
  }
}

/** A BYOB reader on a byte stream (a Blob's, a fetch body in Chromium), or null. */
function byobReader(stream: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | null {
  try {
    return stream.getReader({ mode: 'byob' });
  } catch {
    return null;
  }
}

/**
 * Reads a Blob piece by piece with a BYOB reader, into reused buffers:
 * `slice(…).arrayBuffer()` per segment costs a round trip to the blob store and a fresh
 * buffer each. Where Blob streams have no BYOB reader, slices are the fallback.
 */
async function* readBlob(blob: Blob, first: number, rest: number): AsyncGenerator<Uint8Array> {
  const reader = byobReader(blob.stream());
  if (reader) yield* readPieces(reader, first, rest, blob.size);
  else yield* readSlices(blob, first, rest);
}

/**
 * Reads `first` bytes, then `rest` bytes at a time, into two buffers used in turn: the next
 * piece is read while the consumer works on the current one, and no chunk is allocated on
 * the way. A stream's default reader hands out a fresh buffer per network chunk, which the
 * cutter then copies into segments, which made decryption markedly slower than raw WebCrypto
 * (docs/benchmarks.md#encryption-in-the-browser). `size` is what the source holds, or null
 * to read until it ends; a piece shorter than asked for is the last.
 */
async function* readPieces(
  reader: ByteReader,
  first: number,
  rest: number,
  size: number | null,
): AsyncGenerator<Uint8Array> {
  const left = (offset: number) => (size === null ? Infinity : size - offset);
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
    let want = Math.min(first, left(0));
    next = want > 0 ? fill(new ArrayBuffer(capacity), want) : null;
    while (next) {
      const piece = await next;
      offset += piece.length;
      const short = piece.length < want;
      want = Math.min(rest, left(offset));
      next = !short && want > 0 ? fill(spare, want) : null;
      if (piece.length > 0) yield piece;
      if (short) return; // the source ended: the consumer reports any bytes missing
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
