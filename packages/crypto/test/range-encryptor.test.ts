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

  it('gives the same bytes as views, slicing the source once per read', async () => {
    const plaintext = patternBytes(6, 9 * MiB + 3);
    const expected = await whole(plaintext);
    const blob = new Blob([plaintext]);
    const slices: Array<[number, number]> = [];
    const counted = {
      size: blob.size,
      slice: (start: number, end: number) => (slices.push([start, end]), blob.slice(start, end)),
    };
    const reader = new RangeEncryptor(counted, key, prefix);
    const chunk = 8 * MiB;
    const joined: Uint8Array[] = [];
    for (let at = 0; at < reader.size; at += chunk) {
      const parts = await reader.readParts(at, at + chunk);
      expect(parts.reduce((n, part) => n + part.length, 0)).toBe(Math.min(chunk, reader.size - at));
      joined.push(...parts.map((part) => part.slice()));
    }
    const bytes = new Uint8Array(await new Blob(joined as Uint8Array<ArrayBuffer>[]).arrayBuffer());
    expect(Buffer.from(bytes).equals(Buffer.from(expected))).toBe(true);
    // The second chunk starts in the segment the first ended in: that one is not read again.
    expect(slices).toEqual([
      [0, 8 * MiB],
      [8 * MiB, 9 * MiB + 3],
    ]);
  });

  it('fails when the file is shorter than it was', async () => {
    const plaintext = patternBytes(7, 3 * MiB);
    const shrunk = {
      size: plaintext.length,
      slice: (s: number, e: number) => new Blob([plaintext.subarray(s, Math.min(e, 2 * MiB + 5))]),
    };
    const reader = new RangeEncryptor(shrunk, key, prefix);
    await expect(reader.read(0, reader.size)).rejects.toThrow(/changed while it was being read/);
  });

  it('reads an empty range as nothing, anywhere, and goes on reading after it', async () => {
    const plaintext = patternBytes(8, 2 * MiB);
    const expected = await whole(plaintext);
    const reader = new RangeEncryptor(new Blob([plaintext]), key, prefix);
    for (const at of [0, 5, 12, MiB + 40, reader.size]) {
      expect((await reader.read(at, at)).length).toBe(0);
      expect(await reader.readParts(at, at)).toEqual([]);
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
