import { describe, expect, test } from 'vitest';
import { ByteCursor } from '../src/upload/byte-cursor.js';

async function* chunksOf(...sizes: number[]): AsyncGenerator<Uint8Array> {
  let next = 0;
  for (const size of sizes) {
    yield Uint8Array.from({ length: size }, () => next++ & 0xff);
  }
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<number[]> {
  const bytes: number[] = [];
  for await (const chunk of chunks) bytes.push(...chunk);
  return bytes;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('ByteCursor', () => {
  test('consecutive runs cut across the source chunks, with no byte lost or repeated', async () => {
    const cursor = new ByteCursor(chunksOf(5, 1, 7, 3));
    expect(await collect(cursor.take(4))).toEqual(range(0, 4));
    expect(await collect(cursor.take(6))).toEqual(range(4, 10));
    await cursor.skip(2);
    expect(await collect(cursor.take(4))).toEqual(range(12, 16));
  });

  test('a source that ends before the run is an error, never a short run', async () => {
    const cursor = new ByteCursor(chunksOf(3, 2));
    await expect(collect(cursor.take(6))).rejects.toThrow('the data ended 1 bytes early');
  });

  test('close() stops the source, which runs its cleanup', async () => {
    let closed = false;
    async function* source() {
      try {
        yield new Uint8Array(4);
        yield new Uint8Array(4);
      } finally {
        closed = true;
      }
    }
    const cursor = new ByteCursor(source());
    await collect(cursor.take(2));
    await cursor.close();
    expect(closed).toBe(true);
  });
});
