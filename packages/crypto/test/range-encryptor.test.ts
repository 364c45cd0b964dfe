// A resumable upload reads the stored stream by range, from wherever the server stands: every
// range must be exactly the bytes one uninterrupted stream encryption produces.
import { describe, expect, it } from 'vitest';
import { RangeEncryptor, SEGMENT_SIZE, encryptChunks, encryptedSize } from '../src/index.js';
import { aesKey, collect, patternBytes } from './support/bytes.js';

const MiB = SEGMENT_SIZE;
const key = await aesKey(new Uint8Array(32).map((_, i) => i * 7));
const prefix = new Uint8Array([9, 8, 7, 6, 5, 4, 3]);

function whole(plaintext: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return collect(
    encryptChunks({
      encKey: key,
      source: new Blob([plaintext]),
      length: plaintext.length,
      noncePrefix: prefix,
    }),
  );
}

describe('RangeEncryptor', () => {
  for (const size of [0, 1, MiB, MiB + 1, 3.5 * MiB]) {
    it(`reads ${size} bytes in odd chunks, byte for byte the stream's`, async () => {
      const plaintext = patternBytes(3, size);
      const expected = await whole(plaintext);
      const reader = new RangeEncryptor(new Blob([plaintext]), key, prefix);
      expect(reader.size).toBe(encryptedSize(size));
      expect(expected.length).toBe(reader.size);
      // A chunk size that crosses the header, tags and segment edges everywhere.
      const chunk = 777_777;
      const pieces: Uint8Array[] = [];
      for (let at = 0; at < reader.size; at += chunk)
        pieces.push(await reader.read(at, at + chunk));
      const joined = new Uint8Array(
        await new Blob(pieces as Uint8Array<ArrayBuffer>[]).arrayBuffer(),
      );
      expect(Buffer.from(joined).equals(Buffer.from(expected))).toBe(true);
    });
  }

  it('resumes from any offset with a fresh reader (a page reload) and the same keys', async () => {
    const plaintext = patternBytes(4, 2 * MiB + 5);
    const expected = await whole(plaintext);
    for (const offset of [0, 5, 12, MiB + 27, expected.length - 1]) {
      const reader = new RangeEncryptor(new Blob([plaintext]), key, prefix);
      const rest = await reader.read(offset, expected.length);
      expect(Buffer.from(rest).equals(Buffer.from(expected.subarray(offset)))).toBe(true);
    }
  });

  /** A Blob whose slices are recorded, to see how often the source is opened. */
  function countedBlob(plaintext: Uint8Array<ArrayBuffer>) {
    const blob = new Blob([plaintext]);
    const slices: Array<[number, number]> = [];
    const source = {
      size: blob.size,
      slice: (start: number, end: number) => (slices.push([start, end]), blob.slice(start, end)),
    };
    return { source, slices };
  }

  it('reads consecutive ranges from one stream of the source, and seeks for any other', async () => {
    const plaintext = patternBytes(6, 9 * MiB + 3);
    const expected = await whole(plaintext);
    const { source, slices } = countedBlob(plaintext);
    const reader = new RangeEncryptor(source, key, prefix);
    const chunk = 8 * MiB;
    const joined: Uint8Array[] = [];
    for (let at = 0; at < reader.size; at += chunk) {
      joined.push(await reader.read(at, at + chunk));
    }
    const bytes = new Uint8Array(await new Blob(joined as Uint8Array<ArrayBuffer>[]).arrayBuffer());
    expect(Buffer.from(bytes).equals(Buffer.from(expected))).toBe(true);
    // The second range starts in the segment the first ended in: that one is not sealed
    // again, and the rest comes from the stream the first range opened.
    expect(slices).toEqual([[0, 9 * MiB + 3]]);
    // A range from elsewhere (a retried chunk) opens the source there, and the stream
    // goes on from that range's end.
    const again = await reader.read(MiB + 40, 3 * MiB);
    expect(Buffer.from(again).equals(Buffer.from(expected.subarray(MiB + 40, 3 * MiB)))).toBe(true);
    const after = await reader.read(3 * MiB, reader.size);
    expect(Buffer.from(after).equals(Buffer.from(expected.subarray(3 * MiB)))).toBe(true);
    expect(slices).toEqual([
      [0, 9 * MiB + 3],
      [MiB, 9 * MiB + 3],
    ]);
  });

  it('opens the source again after close', async () => {
    const plaintext = patternBytes(10, 3 * MiB);
    const expected = await whole(plaintext);
    const { source, slices } = countedBlob(plaintext);
    const reader = new RangeEncryptor(source, key, prefix);
    const first = await reader.read(0, 2 * MiB);
    reader.close();
    const rest = await reader.read(2 * MiB, reader.size);
    expect(Buffer.from(first).equals(Buffer.from(expected.subarray(0, 2 * MiB)))).toBe(true);
    expect(Buffer.from(rest).equals(Buffer.from(expected.subarray(2 * MiB)))).toBe(true);
    expect(slices).toHaveLength(2);
  });

  it('writes a range into the buffer it is given, or refuses one without room', async () => {
    const plaintext = patternBytes(11, 2 * MiB + 9);
    const expected = await whole(plaintext);
    const reader = new RangeEncryptor(new Blob([plaintext]), key, prefix);
    const buffer = new Uint8Array(MiB + 100).fill(0xee);
    const bytes = await reader.read(5, MiB + 5, buffer);
    expect(bytes.buffer === buffer.buffer).toBe(true);
    expect(bytes.byteOffset).toBe(0);
    expect(Buffer.from(bytes).equals(Buffer.from(expected.subarray(5, MiB + 5)))).toBe(true);
    // The room after the range is left alone.
    expect(buffer.subarray(MiB).every((byte) => byte === 0xee)).toBe(true);
    // The last range is clamped to the stream's end: only that much room is needed.
    const end = await reader.read(2 * MiB, reader.size + 1_000, buffer);
    expect(Buffer.from(end).equals(Buffer.from(expected.subarray(2 * MiB)))).toBe(true);
    await expect(reader.read(0, MiB + 101, buffer)).rejects.toThrow(RangeError);
  });

  it('fails when the file is shorter than it was, and again when asked again', async () => {
    const plaintext = patternBytes(7, 3 * MiB);
    const shrunk = {
      size: plaintext.length,
      slice: (s: number, e: number) => new Blob([plaintext.subarray(s, Math.min(e, 2 * MiB + 5))]),
    };
    const reader = new RangeEncryptor(shrunk, key, prefix);
    await expect(reader.read(0, reader.size)).rejects.toThrow(/changed while it was being read/);
    await expect(reader.read(0, reader.size)).rejects.toThrow(/changed while it was being read/);
  });

  it('opens the source again after a read of it failed', async () => {
    const plaintext = patternBytes(13, 2 * MiB);
    const expected = await whole(plaintext);
    let failures = 1;
    // A file the browser could not read once (it was locked or moved back meanwhile).
    class FlakyBlob extends Blob {
      override stream() {
        if (failures-- <= 0) return super.stream();
        return new ReadableStream({
          type: 'bytes',
          start: (c) => c.error(new Error('unreadable')),
        });
      }
    }
    const source = {
      size: plaintext.length,
      slice: (s: number, e: number) => new FlakyBlob([plaintext.subarray(s, e)]),
    };
    const reader = new RangeEncryptor(source, key, prefix);
    await expect(reader.read(0, MiB)).rejects.toThrow('unreadable');
    const bytes = await reader.read(0, MiB);
    expect(Buffer.from(bytes).equals(Buffer.from(expected.subarray(0, MiB)))).toBe(true);
  });

  it('reads a source whose slices are not Blobs a segment at a time', async () => {
    const plaintext = patternBytes(12, 2 * MiB + 77);
    const expected = await whole(plaintext);
    const reads: Array<[number, number]> = [];
    const source = {
      size: plaintext.length,
      slice: (s: number, e: number) => ({
        arrayBuffer: async () => (reads.push([s, e]), plaintext.slice(s, e).buffer),
      }),
    };
    const reader = new RangeEncryptor(source, key, prefix);
    const bytes = await reader.read(0, reader.size);
    expect(Buffer.from(bytes).equals(Buffer.from(expected))).toBe(true);
    expect(reads).toEqual([
      [0, MiB],
      [MiB, 2 * MiB],
      [2 * MiB, 3 * MiB],
    ]);
  });

  it('reads an empty range as nothing, anywhere, and goes on reading after it', async () => {
    const plaintext = patternBytes(8, 2 * MiB);
    const expected = await whole(plaintext);
    const reader = new RangeEncryptor(new Blob([plaintext]), key, prefix);
    for (const at of [0, 5, 12, MiB + 40, reader.size]) {
      expect((await reader.read(at, at)).length).toBe(0);
      expect((await reader.read(at, at, new Uint8Array(0))).length).toBe(0);
    }
    const rest = await reader.read(MiB + 40, reader.size);
    expect(Buffer.from(rest).equals(Buffer.from(expected.subarray(MiB + 40)))).toBe(true);
  });

  it('refuses a bad range or nonce prefix', async () => {
    const reader = new RangeEncryptor(new Blob([patternBytes(5, 10)]), key, prefix);
    await expect(reader.read(-1, 5)).rejects.toThrow(RangeError);
    await expect(reader.read(8, 4)).rejects.toThrow(RangeError);
    expect(() => new RangeEncryptor(new Blob([]), key, new Uint8Array(6))).toThrow(RangeError);
  });
});
