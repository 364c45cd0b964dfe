import { randomFillSync } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBlobKey } from '../../src/infra/blob/keys.js';
import { createPartBuffers } from '../../src/infra/blob/part-buffers.js';
import { createS3BlobStore, type S3BlobStore } from '../../src/infra/blob/s3.js';
import { startS3Server, type S3ServerHandle } from '../support/s3-server.js';
import { failingStream, generatedStream, waitFor } from './streams.js';
import { peakBufferGrowth } from '../support/buffer-memory.js';

const MiB = 1024 * 1024;
const partSize = 5 * MiB;

/** A body of random bytes that counts how many have been asked of it. */
function countedStream(total: number) {
  let read = 0;
  const stream = new Readable({
    read() {
      if (read >= total) return void this.push(null);
      const size = Math.min(64 * 1024, total - read);
      read += size;
      this.push(randomFillSync(Buffer.allocUnsafe(size)));
    },
  });
  return { stream, read: () => read };
}

describe('S3 upload memory', () => {
  let s3: S3ServerHandle;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  it('holds no more part buffers than its budget while 20 puts stream at once', async () => {
    const budget = 4 * partSize;
    const store = createS3BlobStore({ ...s3, uploadBufferBytes: budget });
    const size = 16 * MiB + 7;
    const keys = Array.from({ length: 20 }, (_, i) => newBlobKey(`many-${i}.bin`));

    let stored: Array<{ size: number }> = [];
    const growth = await peakBufferGrowth(async () => {
      stored = await Promise.all(keys.map((key) => store.put(key, generatedStream(size))));
    });

    expect(stored).toEqual(keys.map(() => ({ size })));
    for (const key of keys) expect((await store.stat(key)).size).toBe(size);
    // Unbounded, every put held parts of its own: the growth was several times this bound.
    // Above the budget: the bodies' and the HTTP client's chunks read but not yet collected, which
    // V8 lets pile up for a while before it collects them.
    console.log(
      `20 puts, part budget ${budget / MiB} MiB: Buffer peak +${(growth / MiB).toFixed(1)} MiB`,
    );
    expect(growth).toBeLessThan(budget + 96 * MiB);
    const usage = store.partBufferUsage();
    expect(usage.peakInUseBytes).toBeLessThanOrEqual(budget);
    expect(usage).toMatchObject({ inUseBytes: 0, waiting: 0 });
    await store.close();
  }, 60_000);

  /** A put holding the store's one buffer: a part and a bit arrive, then nothing until failed. */
  async function stalledPut(store: S3BlobStore) {
    let fail: ((error: Error) => void) | undefined;
    const body = failingStream(partSize + MiB, () => new Promise((resolve) => (fail = resolve)));
    const put = store.put(newBlobKey('stalled.bin'), body).catch((error: unknown) => error);
    await waitFor(async () => fail !== undefined, 'the put to fill its second part');
    return { put, fail: (error: Error) => fail!(error) };
  }

  it('reads no more than a chunk of a put waiting for a part buffer until one is free', async () => {
    const store = createS3BlobStore({ ...s3, uploadBufferBytes: partSize });
    const stalled = await stalledPut(store);
    expect(store.partBufferUsage().inUseBytes).toBe(partSize);

    const waiter = countedStream(2 * MiB);
    const waiting = store.put(newBlobKey('waiter.bin'), waiter.stream);
    await waitFor(async () => store.partBufferUsage().waiting === 1, 'the second put to wait');
    await sleep(200);
    // The first chunk tells the put it has a body to store; the rest stays with the client.
    expect(waiter.read()).toBeLessThanOrEqual(256 * 1024);

    const boom = new Error('client went away');
    stalled.fail(boom);
    expect(await stalled.put).toBe(boom);
    await expect(waiting).resolves.toEqual({ size: 2 * MiB });
    expect(waiter.read()).toBe(2 * MiB);
    expect(store.partBufferUsage()).toMatchObject({ inUseBytes: 0, setAsideBytes: 0 });
    await store.close();
  });

  it('lets other puts past a body too slow to fill its part', async () => {
    const store = createS3BlobStore({
      ...s3,
      uploadBufferBytes: partSize,
      partSetAsideMs: 300,
    });
    const stalled = await stalledPut(store);

    const size = 2 * partSize + 5;
    const key = newBlobKey('past.bin');
    await expect(store.put(key, generatedStream(size))).resolves.toEqual({ size });
    expect((await store.stat(key)).size).toBe(size);
    expect(store.partBufferUsage()).toMatchObject({ inUseBytes: 0, setAsideBytes: partSize });

    stalled.fail(new Error('client went away'));
    await stalled.put;
    expect(store.partBufferUsage()).toMatchObject({ inUseBytes: 0, setAsideBytes: 0 });
    await store.close();
  });
});

describe('part buffers', () => {
  it('hands a returned buffer to the first waiter and lets every buffer go once idle', async () => {
    const buffers = createPartBuffers({ budgetBytes: 2048, idleReleaseMs: 50 });
    const [a, b] = [await buffers.take(1024), await buffers.take(1024)];
    const order: string[] = [];
    const third = buffers.take(1024).then((buffer) => (order.push('third'), buffer));
    const fourth = buffers.take(1024).then((buffer) => (order.push('fourth'), buffer));
    expect(buffers.usage()).toMatchObject({ inUseBytes: 2048, waiting: 2 });

    buffers.give(a);
    expect(await third).toBe(a);
    // A dropped buffer is never handed out again; its place in the budget is.
    buffers.drop(b);
    expect(await fourth).not.toBe(b);
    expect(order).toEqual(['third', 'fourth']);

    buffers.give(a);
    buffers.give(await fourth);
    expect(buffers.usage()).toMatchObject({ inUseBytes: 0, heldBytes: 2048, peakInUseBytes: 2048 });
    await waitFor(async () => buffers.usage().heldBytes === 0, 'the idle buffers to go');
  });

  it('budgets parts of different sizes by their bytes, in the order they were asked for', async () => {
    const buffers = createPartBuffers({ budgetBytes: 3072 });
    const small = await buffers.take(1024);
    const order: string[] = [];
    // 2 KiB fit beside the first part; then a large part waits, and a small one behind it.
    const medium = await buffers.take(2048);
    const large = buffers.take(3072).then((buffer) => (order.push('large'), buffer));
    const later = buffers.take(1024).then((buffer) => (order.push('later'), buffer));
    expect(buffers.usage()).toMatchObject({ inUseBytes: 3072, waiting: 2 });

    buffers.give(small);
    await sleep(10);
    // Room for the small one, but the large one was first: it is not passed over.
    expect(order).toEqual([]);
    buffers.give(medium);
    expect((await large).length).toBe(3072);
    // The kept buffers of other sizes went to make room: held memory stays within budget.
    expect(buffers.usage()).toMatchObject({ inUseBytes: 3072, heldBytes: 3072, waiting: 1 });
    buffers.give(await large);
    expect((await later).length).toBe(1024);
    expect(order).toEqual(['large', 'later']);
    expect(buffers.usage().peakInUseBytes).toBe(3072);
  });

  it('refuses a part larger than the whole budget', async () => {
    const buffers = createPartBuffers({ budgetBytes: 1000 });
    await expect(buffers.take(1024)).rejects.toThrow(RangeError);
    expect(() => createS3BlobStore({ ...fakeS3, uploadBufferBytes: MiB })).toThrow(RangeError);
  });
});

/** Options for a store that is never sent a request. */
const fakeS3 = {
  endpoint: 'http://127.0.0.1:9',
  bucket: 'never',
  region: 'us-east-1',
  forcePathStyle: true,
} as const;
