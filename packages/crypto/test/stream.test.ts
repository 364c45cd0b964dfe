import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  DecryptionError,
  SEGMENT_SIZE,
  decryptBlob,
  decryptChunks,
  encryptBlob,
  encryptChunks,
  encryptedSize,
  plaintextSize,
  type ByteSource,
} from '../src/index.js';
import {
  createDecryptTransform,
  createEncryptTransform,
  decryptStream,
  encryptStream,
} from '../src/stream.js';
import { aesKey, collect, inChunks, patternBytes, sameBytes } from './support/bytes.js';

const MiB = SEGMENT_SIZE;
const key = await aesKey(new Uint8Array(32).map((_, i) => i));

const sizes: [string, number][] = [
  ['0 bytes', 0],
  ['1 byte', 1],
  ['1 MiB - 1', MiB - 1],
  ['exactly 1 MiB', MiB],
  ['1 MiB + 1', MiB + 1],
  ['3 MiB + 5', 3 * MiB + 5],
];

function streamOf(bytes: Uint8Array, chunkSize: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

async function encrypt(plaintext: Uint8Array) {
  const source = new Blob([plaintext as Uint8Array<ArrayBuffer>]);
  return collect(encryptChunks({ encKey: key, source, length: plaintext.length }));
}

describe('sizes', () => {
  it.each([
    [0, 28],
    [1, 29],
    [MiB, 12 + MiB + 16],
    [MiB + 1, 12 + MiB + 1 + 32],
    [3 * MiB + 5, 12 + 3 * MiB + 5 + 64],
  ])('stores %d plaintext bytes in %d bytes', (n, stored) => {
    expect(encryptedSize(n)).toBe(stored);
    expect(plaintextSize(stored)).toBe(n);
  });

  it('inverts encryptedSize around every segment boundary', () => {
    for (const base of [0, MiB, 2 * MiB, 100 * MiB]) {
      for (let n = Math.max(0, base - 20); n < base + 20; n++) {
        expect(plaintextSize(encryptedSize(n))).toBe(n);
      }
    }
  });

  it.each([
    ['shorter than header and tag', 27],
    ['a partial tag after a full segment', 12 + MiB + 16 + 15],
    ['an empty segment after a full one', 12 + MiB + 16 + 16],
  ])('has no plaintext size for %s', (_, stored) => {
    expect(plaintextSize(stored)).toBeNull();
  });

  it('refuses negative and fractional sizes', () => {
    expect(() => encryptedSize(-1)).toThrow(RangeError);
    expect(() => plaintextSize(1.5)).toThrow(RangeError);
  });
});

describe('round trips', () => {
  it.each(sizes)(
    '%s through every kind of source',
    async (_, n) => {
      const plaintext = patternBytes(n + 1, n);
      const stored = await encrypt(plaintext);
      expect(stored.length).toBe(encryptedSize(n));
      const sources: [string, () => ByteSource][] = [
        ['Blob', () => new Blob([stored])],
        ['stream of odd chunks', () => streamOf(stored, 65_537)],
        ['one big chunk', () => inChunks(stored, stored.length + 1)],
        ['byte-sized chunks at the edges', () => inChunks(stored, n < 100 ? 1 : 999_983)],
      ];
      for (const [, source] of sources) {
        const options = { encKey: key, storedLength: stored.length, expectedSize: n };
        const opened = await collect(decryptChunks({ ...options, source: source() }));
        expect(sameBytes(opened, plaintext)).toBe(true);
      }
      // Encrypting from a stream and from a Blob gives the same bytes for the same prefix.
      const noncePrefix = stored.subarray(5, 12);
      const fromStream = await collect(
        encryptChunks({ encKey: key, source: streamOf(plaintext, 70_001), length: n, noncePrefix }),
      );
      expect(sameBytes(fromStream, stored)).toBe(true);
    },
    30_000,
  );

  it('uses a fresh nonce prefix for every file', async () => {
    const a = await encrypt(new Uint8Array(10));
    const b = await encrypt(new Uint8Array(10));
    expect(a.subarray(0, 5)).toEqual(b.subarray(0, 5));
    expect(a.subarray(5, 12)).not.toEqual(b.subarray(5, 12));
  });

  it('works as ReadableStreams and as TransformStreams', async () => {
    const plaintext = patternBytes(9, 2 * MiB + 3);
    const encrypted = encryptStream({
      encKey: key,
      source: new Blob([plaintext]),
      length: plaintext.length,
    });
    const stored = await new Response(encrypted).bytes();
    const decrypted = decryptStream({
      encKey: key,
      source: new Blob([stored]),
      storedLength: stored.length,
      expectedSize: plaintext.length,
    });
    expect(sameBytes(await new Response(decrypted).bytes(), plaintext)).toBe(true);

    const piped = streamOf(plaintext, 300_000)
      .pipeThrough(createEncryptTransform({ encKey: key, length: plaintext.length }))
      .pipeThrough(
        createDecryptTransform({
          encKey: key,
          storedLength: encryptedSize(plaintext.length),
          expectedSize: plaintext.length,
        }),
      );
    expect(sameBytes(await new Response(piped).bytes(), plaintext)).toBe(true);
  });

  it('encrypts and decrypts Blobs with progress', async () => {
    const plaintext = patternBytes(3, 2 * MiB + 10);
    const progress: number[] = [];
    const stored = await encryptBlob(new Blob([plaintext]), key, {
      onProgress: (done, total) => {
        expect(total).toBe(plaintext.length);
        progress.push(done);
      },
    });
    expect(stored.size).toBe(encryptedSize(plaintext.length));
    expect(progress).toEqual([MiB, 2 * MiB, 2 * MiB + 10]);

    const back: number[] = [];
    const opened = await decryptBlob(stored, key, plaintext.length, {
      type: 'image/png',
      onProgress: (done) => back.push(done),
    });
    expect(opened.type).toBe('image/png');
    expect(sameBytes(new Uint8Array(await opened.arrayBuffer()), plaintext)).toBe(true);
    expect(back).toEqual([MiB, 2 * MiB, 2 * MiB + 10]);
  });
});

describe('failures', () => {
  it('refuses a source longer or shorter than its declared length', async () => {
    const longer = encryptChunks({
      encKey: key,
      source: new Blob([new Uint8Array(11)]),
      length: 10,
    });
    await expect(collect(longer)).rejects.toThrow(RangeError);
    const shorter = encryptChunks({
      encKey: key,
      source: new Blob([new Uint8Array(9)]),
      length: 10,
    });
    await expect(collect(shorter)).rejects.toThrow(RangeError);
    const emptyButNot = encryptChunks({
      encKey: key,
      source: inChunks(new Uint8Array(1), 1),
      length: 0,
    });
    await expect(collect(emptyButNot)).rejects.toThrow(RangeError);
  });

  it('errors the ReadableStream, the TransformStream and decryptBlob with a DecryptionError', async () => {
    const plaintext = patternBytes(4, MiB + 7);
    const stored = await encrypt(plaintext);
    stored[stored.length - 1]! ^= 1;
    const options = { encKey: key, storedLength: stored.length, expectedSize: plaintext.length };

    const reading = new Response(decryptStream({ ...options, source: new Blob([stored]) })).bytes();
    await expect(reading).rejects.toThrow(DecryptionError);

    const piping = new Response(
      streamOf(stored, 4096).pipeThrough(createDecryptTransform(options)),
    ).bytes();
    await expect(piping).rejects.toMatchObject({ code: 'authentication' });

    await expect(decryptBlob(new Blob([stored]), key, plaintext.length)).rejects.toMatchObject({
      code: 'authentication',
    });
  });

  it('refuses a mismatched size before reading anything', () => {
    expect(() =>
      createDecryptTransform({ encKey: key, storedLength: encryptedSize(5), expectedSize: 6 }),
    ).toThrow(expect.objectContaining({ name: 'DecryptionError', code: 'size-mismatch' }));
  });

  it('withholds the last segment until the source has ended at the declared length', async () => {
    const plaintext = patternBytes(5, MiB + 1);
    const stored = await encrypt(plaintext);
    const released: number[] = [];
    const withExtra = inChunks(new Uint8Array([...stored, 0]), stored.length + 1);
    const chunks = decryptChunks({
      encKey: key,
      source: withExtra,
      storedLength: stored.length,
      expectedSize: plaintext.length,
    });
    await expect(
      (async () => {
        for await (const chunk of chunks) released.push(chunk.length);
      })(),
    ).rejects.toMatchObject({ code: 'extended' });
    expect(released).toEqual([MiB]);
  });

  it('cancels the source stream when the reader stops early', async () => {
    const stored = await encrypt(patternBytes(6, 3 * MiB));
    let cancelled = false;
    let offset = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(stored.slice(offset, offset + 100_000));
        offset += 100_000;
      },
      cancel() {
        cancelled = true;
      },
    });
    const options = { encKey: key, source, storedLength: stored.length, expectedSize: 3 * MiB };
    for await (const chunk of decryptChunks(options)) {
      expect(chunk).toHaveLength(MiB);
      break;
    }
    expect(cancelled).toBe(true);
  });

  /** Whether `source`, holding `stored`, decrypts to exactly `plaintext`. */
  async function decryptsTo(source: ByteSource, stored: Uint8Array, plaintext: Uint8Array) {
    const options = {
      encKey: key,
      source,
      storedLength: stored.length,
      expectedSize: plaintext.length,
    };
    return sameBytes(await collect(decryptChunks(options)), plaintext);
  }

  it('reads a byte stream in place, whole segments into its own buffers', async () => {
    const plaintext = patternBytes(8, 3 * MiB + 7);
    const stored = await encrypt(plaintext);
    const asked: number[] = [];
    let offset = 0;
    // Gives at most 100 000 bytes per read, as a network does, into the buffer it is handed.
    const source = new ReadableStream({
      type: 'bytes',
      pull(controller: ReadableByteStreamController) {
        const view = controller.byobRequest?.view;
        if (!view) throw new Error('a read without a buffer of its own');
        asked.push(view.byteLength);
        const take = Math.min(view.byteLength, 100_000, stored.length - offset);
        if (take === 0) {
          controller.close();
          controller.byobRequest!.respond(0);
          return;
        }
        new Uint8Array(view.buffer, view.byteOffset, take).set(
          stored.subarray(offset, offset + take),
        );
        offset += take;
        controller.byobRequest!.respond(take);
      },
    });
    expect(await decryptsTo(source, stored, plaintext)).toBe(true);
    // The header, then one segment at a time, asked for in the rest of the same buffer.
    expect(asked[0]).toBe(12);
    expect(asked[1]).toBe(MiB + 16);
    expect(asked[2]).toBe(MiB + 16 - 100_000);
  });

  it('iterates a Node stream, which has a read method of another kind', async () => {
    const plaintext = patternBytes(10, MiB + 9);
    const stored = await encrypt(plaintext);
    const source = Readable.from([stored.subarray(0, 70_000), stored.subarray(70_000)]);
    expect(await decryptsTo(source, stored, plaintext)).toBe(true);
  });

  it('reads from a reader that fills the buffers it is given', async () => {
    const plaintext = patternBytes(9, 2 * MiB + 3);
    const stored = await encrypt(plaintext);
    const reader = new Blob([stored]).stream().getReader({ mode: 'byob' });
    const given: number[] = [];
    const source = {
      read(view: Uint8Array<ArrayBuffer>) {
        given.push(view.byteLength);
        return reader.read(view);
      },
      cancel: (reason?: unknown) => reader.cancel(reason),
      releaseLock: () => reader.releaseLock(),
    };
    expect(await decryptsTo(source, stored, plaintext)).toBe(true);
    expect(given[0]).toBe(12);
    expect(given).toContain(MiB + 16);
  });
});

describe('memory', () => {
  it('holds at most one segment beyond the chunk being read, encrypting and decrypting', async () => {
    const n = 8 * MiB + 123;
    const plaintext = patternBytes(7, n);
    const chunk = 64 * 1024;
    let read = 0;
    const counted = (bytes: Uint8Array) =>
      new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (read >= bytes.length) return controller.close();
            controller.enqueue(bytes.slice(read, read + chunk));
            read += chunk;
          },
        },
        { highWaterMark: 0 },
      );

    let written = 0;
    const parts: Uint8Array[] = [];
    for await (const sealed of encryptChunks({
      encKey: key,
      source: counted(plaintext),
      length: n,
    })) {
      expect(sealed.length).toBeLessThanOrEqual(MiB + 16);
      written += Math.max(0, sealed.length - 16);
      expect(Math.min(read, n) - written).toBeLessThanOrEqual(MiB + chunk);
      parts.push(sealed);
    }
    const stored = new Uint8Array(await new Blob(parts as Uint8Array<ArrayBuffer>[]).arrayBuffer());

    read = 0;
    written = 0;
    const options = {
      encKey: key,
      source: counted(stored),
      storedLength: stored.length,
      expectedSize: n,
    };
    for await (const plain of decryptChunks(options)) {
      expect(plain.length).toBeLessThanOrEqual(MiB);
      written += plain.length + 16;
      expect(Math.min(read, stored.length) - 12 - written).toBeLessThanOrEqual(
        2 * MiB + 16 + chunk,
      );
    }
  }, 30_000);
});
