import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBlobKey } from '../../src/infra/blob/keys.js';
import { BlobNotFoundError, BlobUnavailableError } from '../../src/infra/blob/port.js';
import type { BlobStore } from '../../src/infra/blob/port.js';
import { FOREIGN_PREFIX, adapterCases } from './adapters.js';
import type { StoreFixture } from './adapters.js';
import { collect, failingStream, generatedStream, randomChunks, waitFor } from './streams.js';

const MiB = 1024 * 1024;

async function listKeys(store: BlobStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of store.list()) keys.push(key);
  return keys;
}

describe.each(adapterCases)('BlobStore contract: $name', (adapter) => {
  let fixture: StoreFixture;
  let store: BlobStore;

  beforeAll(async () => {
    fixture = await adapter.setup();
    store = fixture.store;
  });
  afterAll(() => fixture.teardown());

  it('reports its kind and answers the health check', async () => {
    expect(store.kind).toBe(adapter.name);
    expect(await store.health()).toBe(true);
  });

  it('round-trips 10 MiB of random bytes exactly', async () => {
    const chunks = randomChunks(10 * MiB + 123);
    const original = Buffer.concat(chunks);
    const key = newBlobKey('data.bin');

    await expect(
      store.put(key, Readable.from(chunks), { contentType: 'application/octet-stream' }),
    ).resolves.toEqual({
      size: original.length,
    });
    const copy = await collect(await store.get(key));
    expect(copy.length).toBe(original.length);
    expect(copy.equals(original)).toBe(true);

    const info = await store.stat(key);
    expect(info.size).toBe(original.length);
    expect(info.lastModified).toBeInstanceOf(Date);
    expect(Math.abs(info.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('round-trips an empty object', async () => {
    const key = newBlobKey(null);
    await expect(store.put(key, Readable.from([]))).resolves.toEqual({ size: 0 });
    expect((await collect(await store.get(key))).length).toBe(0);
    expect((await store.stat(key)).size).toBe(0);
  });

  describe('range reads', () => {
    const original = Buffer.concat(randomChunks(MiB + 17));
    const key = newBlobKey('ranges.dat');
    const last = original.length - 1;
    beforeAll(() => store.put(key, Readable.from([original])));

    it.each([
      ['the first byte', 0, 0],
      ['a middle span', 1000, 70_000],
      ['the last byte', last, last],
      ['everything', 0, last],
    ])('reads %s', async (_label, start, end) => {
      const bytes = await collect(await store.get(key, { start, end }));
      expect(bytes.equals(original.subarray(start, end + 1))).toBe(true);
    });

    it('stops at the end of the object when the range runs past it', async () => {
      const bytes = await collect(await store.get(key, { start: last - 9, end: last + 1000 }));
      expect(bytes.equals(original.subarray(last - 9))).toBe(true);
    });

    it('refuses a range that starts past the end or is malformed', async () => {
      await expect(
        store.get(key, { start: original.length, end: original.length + 5 }),
      ).rejects.toThrow(RangeError);
      await expect(store.get(key, { start: 5, end: 4 })).rejects.toThrow(RangeError);
      await expect(store.get(key, { start: -1, end: 4 })).rejects.toThrow(RangeError);
      await expect(store.get(key, { start: 0.5, end: 4 })).rejects.toThrow(RangeError);
    });
  });

  it('answers BlobNotFoundError for a key that was never stored', async () => {
    const key = newBlobKey('missing.txt');
    await expect(store.get(key)).rejects.toThrow(BlobNotFoundError);
    await expect(store.get(key, { start: 0, end: 0 })).rejects.toThrow(BlobNotFoundError);
    await expect(store.stat(key)).rejects.toThrow(BlobNotFoundError);
  });

  it('deletes, and deleting again or deleting a missing key succeeds', async () => {
    const key = newBlobKey('gone.txt');
    await store.put(key, Readable.from([Buffer.from('bye')]));
    await store.delete(key);
    await expect(store.stat(key)).rejects.toThrow(BlobNotFoundError);
    await expect(store.get(key)).rejects.toThrow(BlobNotFoundError);
    await expect(store.delete(key)).resolves.toBeUndefined();
    await expect(store.delete(newBlobKey(null))).resolves.toBeUndefined();
    expect(await listKeys(store)).not.toContain(key);
  });

  it('lists stored objects and skips names that are not blob keys', async () => {
    const keys = [newBlobKey('a.txt'), newBlobKey('b.png'), newBlobKey(null)];
    for (const key of keys) await store.put(key, Readable.from([Buffer.from(key)]));
    await fixture.putForeign(`${FOREIGN_PREFIX}notes.txt`);

    const listed: { key: string; lastModified: Date }[] = [];
    for await (const entry of store.list()) listed.push(entry);

    expect(listed.map((entry) => entry.key)).toEqual(expect.arrayContaining(keys));
    expect(listed.some((entry) => entry.key.startsWith(FOREIGN_PREFIX))).toBe(false);
    for (const entry of listed) expect(entry.lastModified).toBeInstanceOf(Date);
  });

  it('refuses keys that newBlobKey cannot produce', async () => {
    for (const key of ['../../etc/passwd', 'a/b', '', '123-abc', `${newBlobKey(null)}/x`]) {
      await expect(store.put(key, Readable.from([]))).rejects.toThrow(RangeError);
      await expect(store.get(key)).rejects.toThrow(RangeError);
      await expect(store.stat(key)).rejects.toThrow(RangeError);
      await expect(store.delete(key)).rejects.toThrow(RangeError);
    }
  });

  it('leaves nothing behind when the source errors half-way', async () => {
    const key = newBlobKey('broken.bin');
    const boom = new Error('client went away');
    // Fail only once partial state provably exists (a temp file, an open multipart upload).
    const body = failingStream(6 * MiB, async () => {
      await waitFor(async () => (await fixture.leftovers()).length > 0, 'a partial object');
      return boom;
    });

    await expect(store.put(key, body)).rejects.toBe(boom);
    await expect(store.stat(key)).rejects.toThrow(BlobNotFoundError);
    expect(await listKeys(store)).not.toContain(key);
    expect(await fixture.leftovers()).toEqual([]);
  });

  it('leaves nothing behind when the source is destroyed without an error', async () => {
    const key = newBlobKey('aborted.bin');
    const body = failingStream(MiB, async () => undefined);
    setTimeout(() => body.destroy(), 100);

    await expect(store.put(key, body)).rejects.toMatchObject({
      code: 'ERR_STREAM_PREMATURE_CLOSE',
    });
    await expect(store.stat(key)).rejects.toThrow(BlobNotFoundError);
    expect(await fixture.leftovers()).toEqual([]);
  });

  it('sweeps what an interrupted put left behind, and only once it is old enough', async () => {
    const key = newBlobKey('stalled.bin');
    const body = failingStream(6 * MiB, async () => undefined);
    const put = store.put(key, body);
    const settled = put.catch((err: unknown) => err);
    await waitFor(async () => (await fixture.leftovers()).length > 0, 'a partial object');

    expect(await store.sweepIncomplete?.(new Date(Date.now() - 3_600_000))).toBe(0);
    expect((await fixture.leftovers()).length).toBe(1);
    expect(await store.sweepIncomplete?.(new Date(Date.now() + 60_000))).toBe(1);
    expect(await fixture.leftovers()).toEqual([]);

    body.destroy();
    expect(await settled).toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
    await expect(store.stat(key)).rejects.toThrow(BlobNotFoundError);
    expect(await store.sweepIncomplete?.(new Date(Date.now() + 60_000))).toBe(0);
  });

  it('streams a 50 MiB put without holding it in memory (RSS logged)', async () => {
    const key = newBlobKey('big.bin');
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      await expect(store.put(key, generatedStream(50 * MiB))).resolves.toEqual({ size: 50 * MiB });
    } finally {
      clearInterval(sampler);
    }
    console.log(
      `[${adapter.name}] 50 MiB put: peak RSS growth ${((peak - before) / MiB).toFixed(1)} MiB`,
    );
    expect((await store.stat(key)).size).toBe(50 * MiB);
    await store.delete(key);
  });

  describe('when the backend is unreachable', () => {
    let broken: BlobStore;
    let teardown: () => Promise<void>;
    beforeAll(async () => {
      ({ store: broken, teardown } = await adapter.unavailable());
    });
    afterAll(() => teardown());

    it('reports unhealthy without throwing', async () => {
      expect(await broken.health()).toBe(false);
    });

    it('rejects every operation with BlobUnavailableError, never BlobNotFoundError', async () => {
      const key = newBlobKey('x.txt');
      const body = Readable.from([Buffer.from('hello')]);
      await expect(broken.put(key, body)).rejects.toThrow(BlobUnavailableError);
      expect(body.destroyed).toBe(true);
      await expect(broken.get(key)).rejects.toThrow(BlobUnavailableError);
      await expect(broken.stat(key)).rejects.toThrow(BlobUnavailableError);
      await expect(broken.delete(key)).rejects.toThrow(BlobUnavailableError);
      await expect(listKeys(broken)).rejects.toThrow(BlobUnavailableError);
      await expect(broken.sweepIncomplete?.(new Date())).rejects.toThrow(BlobUnavailableError);
    }, 15_000);
  });
});
