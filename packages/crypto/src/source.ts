/** Where stream bytes come from: a File/Blob, a fetch body or any async iterable of bytes. */
export type ByteSource = Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * The chunks of a source. Blobs are read slice by slice (first `first` bytes, then `rest`
 * bytes each) so that slices line up with segments; a stream is cancelled if the consumer
 * stops early or fails.
 */
export async function* readChunks(
  source: ByteSource,
  first: number,
  rest: number,
): AsyncGenerator<Uint8Array> {
  if (source instanceof Blob) {
    for (let offset = 0, size = first; offset < source.size; size = rest) {
      const end = Math.min(source.size, offset + size);
      yield new Uint8Array(await source.slice(offset, end).arrayBuffer());
      offset = end;
    }
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

function checkChunk(chunk: unknown): Uint8Array {
  if (!(chunk instanceof Uint8Array)) throw new TypeError('Stream chunks must be Uint8Array');
  return chunk;
}
