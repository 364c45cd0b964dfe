import { releaseBytes } from './bytes.js';

/**
 * Gathers the chunks of one stream into a Blob. It owns every chunk it is given (a fresh
 * segment from the stream) and may free or move it, so read what you need before `add`.
 */
export interface BlobAssembler {
  /** May wait, so that only a bounded number of chunks is ever held. */
  add(chunk: Uint8Array<ArrayBuffer>): void | Promise<void>;
  finish(type: string): Promise<Blob>;
  /** The stream failed: drop what was gathered. */
  abort(): void;
}

// Folding parts into a Blob every few segments lets the browser move them out of the page
// (Chromium may page blob data to disk), so a large file is never held twice. Each fold is a
// transfer to the browser process with a cost of its own, so folds are few: every 32
// segments was faster than every 16 in Chromium (docs/benchmarks.md#encryption-in-the-browser).
// 32 MiB is the most this holds, well under the page's 64 MiB.
const partsPerFold = 32;

// The Blob is given its bytes in pieces of at most 256 KiB. Chromium copies each piece into a
// buffer of its own, and one of about 1 MiB or more is a mapping of its own, made and
// unmapped each time; on a virtual machine, where fresh pages and TLB shootdowns are slow,
// that slowed the page's sealing too (docs/benchmarks.md#encryption-in-the-browser).
const pieceBytes = 256 * 1024;

function pieces(parts: readonly Uint8Array<ArrayBuffer>[]): Uint8Array<ArrayBuffer>[] {
  const out: Uint8Array<ArrayBuffer>[] = [];
  for (const part of parts) {
    for (let at = 0; at < part.length; at += pieceBytes) {
      out.push(part.subarray(at, at + pieceBytes));
    }
  }
  return out;
}

/** Folds chunks into Blobs on the calling thread; the default, and what the app's worker runs. */
export function foldingAssembler(): BlobAssembler {
  let folded: Blob | null = null;
  let parts: Uint8Array<ArrayBuffer>[] = [];
  const fold = (options?: BlobPropertyBag) => {
    const blob = new Blob(folded ? [folded, ...pieces(parts)] : pieces(parts), options);
    // The Blob constructor copied the bytes: free them now rather than at the next GC.
    parts.forEach(releaseBytes);
    parts = [];
    return blob;
  };
  return {
    add(chunk) {
      parts.push(chunk);
      if (parts.length >= partsPerFold) folded = fold();
    },
    async finish(type) {
      const blob = fold({ type });
      folded = null;
      return blob;
    },
    abort() {
      parts.forEach(releaseBytes);
      parts = [];
      folded = null;
    },
  };
}

/** Feeds every chunk to the assembler; aborts it if the stream fails. */
export async function assemble(
  chunks: AsyncIterable<Uint8Array<ArrayBuffer>>,
  assembler: BlobAssembler,
  type: string,
  onChunk: (chunk: Uint8Array) => void,
): Promise<Blob> {
  try {
    for await (const chunk of chunks) {
      onChunk(chunk);
      await assembler.add(chunk);
    }
    return await assembler.finish(type);
  } catch (error) {
    assembler.abort();
    throw error;
  }
}
