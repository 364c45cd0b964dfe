// How Blobs are read and gathered: BYOB reads with read-ahead, reused cut buffers, folding
// assemblers that free segments once copied. None of it may change a byte of the format.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SEGMENT_SIZE,
  decryptBlob,
  decryptChunks,
  encryptBlob,
  encryptChunks,
  encryptedSize,
  foldingAssembler,
  releaseBytes,
  type BlobAssembler,
} from '../src/index.js';
import { aesKey, collect, inChunks, patternBytes, sameBytes } from './support/bytes.js';

const MiB = SEGMENT_SIZE;
const key = await aesKey(new Uint8Array(32).map((_, i) => 255 - i));
const prefix = new Uint8Array([1, 2, 3, 4, 5, 6, 7]);

/** The format written out the slow, obvious way: one WebCrypto call per segment, in order. */
async function referenceEncrypt(plaintext: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const header = new Uint8Array(12);
  header[0] = 1;
  new DataView(header.buffer).setUint32(1, MiB);
  header.set(prefix, 5);
  const count = Math.max(1, Math.ceil(plaintext.length / MiB));
  const parts: Uint8Array[] = [header];
  for (let i = 0; i < count; i++) {
    const iv = new Uint8Array(12);
    iv.set(prefix);
    new DataView(iv.buffer).setUint32(7, i);
    iv[11] = i === count - 1 ? 1 : 0;
    const plain = plaintext.slice(i * MiB, (i + 1) * MiB);
    const params = { name: 'AES-GCM', iv, additionalData: header, tagLength: 128 };
    parts.push(new Uint8Array(await crypto.subtle.encrypt(params, key, plain)));
  }
  return new Uint8Array(await new Blob(parts as Uint8Array<ArrayBuffer>[]).arrayBuffer());
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/** Node 20 has no ArrayBuffer.prototype.transfer; browsers do. This one detaches like theirs. */
function installTransfer() {
  Object.defineProperty(ArrayBuffer.prototype, 'transfer', {
    configurable: true,
    value(this: ArrayBuffer, length?: number) {
      const moved = structuredClone(this, { transfer: [this] });
      return length === 0 ? new ArrayBuffer(0) : moved;
    },
  });
}
const removeTransfer = () => delete (ArrayBuffer.prototype as { transfer?: unknown }).transfer;

/** A Blob whose stream has no BYOB reader (as in browsers without byte streams). */
class DefaultStreamBlob extends Blob {
  override stream() {
    const reader = super.stream().getReader();
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    }) as ReturnType<Blob['stream']>;
  }
}

/** A Blob that claims more bytes than its stream gives (a file changed while read). */
class ShortBlob extends Blob {
  constructor(
    parts: BlobPart[],
    private readonly claimed: number,
  ) {
    super(parts);
  }
  override get size() {
    return this.claimed;
  }
}

describe('encrypting a Blob', () => {
  it.each([0, 1, MiB - 1, MiB, MiB + 1, 3 * MiB + 5])(
    'writes %d bytes exactly as the sequential reference does',
    async (n) => {
      const plaintext = patternBytes(n + 11, n);
      const expected = await referenceEncrypt(plaintext);
      const stored = await bytesOf(
        await encryptBlob(new Blob([plaintext]), key, { noncePrefix: prefix }),
      );
      expect(sameBytes(stored, expected)).toBe(true);
      const fallback = await encryptBlob(new DefaultStreamBlob([plaintext]), key, {
        noncePrefix: prefix,
      });
      expect(sameBytes(await bytesOf(fallback), expected)).toBe(true);
    },
    30_000,
  );

  it('reports a Blob that ends before its size', async () => {
    const short = new ShortBlob([new Uint8Array(MiB + 10)], MiB + 20);
    await expect(encryptBlob(short, key)).rejects.toThrow(/ended before its declared length/);
    const stored = await encryptBlob(new Blob([new Uint8Array(MiB + 10)]), key);
    const cut = new ShortBlob([stored.slice(0, stored.size - 5)], stored.size);
    await expect(decryptBlob(cut, key, MiB + 10)).rejects.toMatchObject({ code: 'truncated' });
  });

  it('hands the assembler the header, then each segment in order, with progress first', async () => {
    const plaintext = patternBytes(21, 2 * MiB + 3);
    const log: string[] = [];
    const inner = foldingAssembler();
    const assembler: BlobAssembler = {
      add(chunk) {
        log.push(`add ${chunk.length}`);
        return inner.add(chunk);
      },
      finish: (type) => (log.push(`finish ${type}`), inner.finish(type)),
      abort: () => void log.push('abort'),
    };
    const stored = await encryptBlob(new Blob([plaintext]), key, {
      noncePrefix: prefix,
      assembler,
      onProgress: (done) => log.push(`progress ${done}`),
    });
    expect(log).toEqual([
      'add 12',
      `progress ${MiB}`,
      `add ${MiB + 16}`,
      `progress ${2 * MiB}`,
      `add ${MiB + 16}`,
      `progress ${2 * MiB + 3}`,
      'add 19',
      'finish application/octet-stream',
    ]);
    expect(sameBytes(await bytesOf(stored), await referenceEncrypt(plaintext))).toBe(true);
  });

  it('stops reading a Blob when the consumer stops early', async () => {
    const source = new Blob([patternBytes(51, 4 * MiB)]);
    const chunks = encryptChunks({ encKey: key, source, length: source.size });
    const lengths: number[] = [];
    for await (const chunk of chunks) {
      lengths.push(chunk.length);
      if (lengths.length === 2) break; // header and one segment, the next read in flight
    }
    expect(lengths).toEqual([12, MiB + 16]);
  });

  it('aborts the assembler when the stream fails', async () => {
    const abort = vi.fn();
    const assembler = { ...foldingAssembler(), abort };
    const short = new ShortBlob([new Uint8Array(10)], 20);
    await expect(encryptBlob(short, key, { assembler })).rejects.toThrow(RangeError);
    expect(abort).toHaveBeenCalledOnce();
  });
});

describe('freeing segments once used', () => {
  beforeEach(installTransfer);
  afterEach(removeTransfer);

  it('detaches bytes the caller owns, and leaves shared or detached ones alone', () => {
    const bytes = new Uint8Array(8);
    releaseBytes(bytes);
    expect(bytes.buffer.byteLength).toBe(0);
    expect(() => releaseBytes(bytes)).not.toThrow();
    const shared = new Uint8Array(new SharedArrayBuffer(8));
    releaseBytes(shared);
    expect(shared.length).toBe(8);
    removeTransfer();
    const kept = new Uint8Array(8);
    releaseBytes(kept);
    expect(kept.length).toBe(8);
  });

  it('keeps every byte while folded segments are freed', async () => {
    const n = 33 * MiB + 7; // more than one fold
    const plaintext = patternBytes(31, n);
    const stored = await encryptBlob(new Blob([plaintext]), key, { noncePrefix: prefix });
    expect(stored.size).toBe(encryptedSize(n));
    expect(sameBytes(await bytesOf(stored), await referenceEncrypt(plaintext))).toBe(true);
    const opened = await decryptBlob(stored, key, n);
    expect(sameBytes(await bytesOf(opened), plaintext)).toBe(true);
  }, 30_000);

  it('gives each Blob its bytes in pieces of at most 256 KiB, folding every 32 segments', async () => {
    const pieces: number[][] = [];
    class RecordingBlob extends Blob {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options);
        pieces.push((parts ?? []).filter((p) => p instanceof Uint8Array).map((p) => p.length));
      }
    }
    vi.stubGlobal('Blob', RecordingBlob);
    try {
      const assembler = foldingAssembler();
      const segments = Array.from({ length: 33 }, (_, i) => patternBytes(i, MiB + 16));
      const expected = segments.map((segment) => segment.slice());
      for (const segment of segments) await assembler.add(segment);
      const blob = await assembler.finish('application/octet-stream');
      // One fold after 32 segments, one at the end; the 1 MiB + 16 segments in 5 pieces each.
      expect(pieces.map((sizes) => sizes.length)).toEqual([32 * 5, 5]);
      expect(Math.max(...pieces.flat())).toBe(256 * 1024);
      expect(pieces.flat().reduce((a, b) => a + b, 0)).toBe(33 * (MiB + 16));
      const joined = new Uint8Array(expected.reduce((n, s) => n + s.length, 0));
      expected.reduce((at, s) => (joined.set(s, at), at + s.length), 0);
      expect(sameBytes(await bytesOf(blob), joined)).toBe(true);
      expect(blob.type).toBe('application/octet-stream');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('never reads a source chunk again once it asks for the next one', async () => {
    const plaintext = patternBytes(41, 3 * MiB + 9);
    const stored = await collect(
      encryptChunks({ encKey: key, source: new Blob([plaintext]), length: plaintext.length }),
    );
    // Each chunk is freed the moment the next is asked for, as decrypt-download.ts does.
    async function* freed(size: number) {
      for await (const chunk of inChunks(stored, size)) {
        const own = chunk.slice();
        yield own;
        releaseBytes(own);
      }
    }
    for (const size of [1000, 65_536, MiB + 16, 5 * MiB]) {
      const chunks = decryptChunks({
        encKey: key,
        source: freed(size),
        storedLength: stored.length,
        expectedSize: plaintext.length,
      });
      expect(sameBytes(await collect(chunks), plaintext)).toBe(true);
    }
  }, 30_000);
});
