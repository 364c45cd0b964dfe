import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StreamingHashes } from '../src/infra/tus/streaming-hashes.js';

// The per-process hash of a resumable upload: kept only while it is certainly the hash of
// the stored bytes, so a completion can trust it instead of reading the object again.

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A store's write that keeps every byte it reads (or only the first `keep`). */
function storeInto(sink: Buffer[], offset: number, keep = Infinity) {
  return async (readable: Readable) => {
    let stored = 0;
    for await (const chunk of readable as AsyncIterable<Buffer>) {
      const taken = chunk.subarray(0, Math.max(0, keep - stored));
      sink.push(taken);
      stored += taken.length;
    }
    return offset + stored;
  };
}

/** A request body in 64 KiB pieces, as a socket delivers it. */
const body = (bytes: Buffer) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
      bytes.subarray(i * 65536, (i + 1) * 65536),
    ),
  );

describe('StreamingHashes', () => {
  it('hashes chunks written in order from byte 0, and gives the hash once', async () => {
    const hashes = new StreamingHashes();
    const bytes = randomBytes(300_000);
    const sink: Buffer[] = [];
    expect(await hashes.write('u', 0, body(bytes.subarray(0, 100_000)), storeInto(sink, 0))).toBe(
      100_000,
    );
    expect(hashes.take('u', bytes.length)).toBeNull();
    // take() forgot it: the hash of a size it had not reached is of no further use.
    await hashes.write('u', 0, body(bytes.subarray(0, 100_000)), storeInto(sink, 0));
    await hashes.write('u', 100_000, body(bytes.subarray(100_000)), storeInto(sink, 100_000));
    expect(hashes.take('u', bytes.length)).toBe(sha(bytes));
    expect(hashes.take('u', bytes.length)).toBeNull();
  });

  it('forgets an upload whose chunk went elsewhere (an offset it did not reach)', async () => {
    const hashes = new StreamingHashes();
    const bytes = randomBytes(200_000);
    await hashes.write('u', 0, body(bytes.subarray(0, 50_000)), storeInto([], 0));
    // Bytes 50 000–99 999 were taken by another instance.
    await hashes.write('u', 100_000, body(bytes.subarray(100_000)), storeInto([], 100_000));
    expect(hashes.take('u', bytes.length)).toBeNull();
    // Neither does a first chunk seen mid-upload start a hash.
    await hashes.write('v', 100_000, body(bytes.subarray(100_000)), storeInto([], 100_000));
    expect(hashes.take('v', bytes.length)).toBeNull();
  });

  it('forgets an upload when the store kept fewer bytes than streamed by', async () => {
    const hashes = new StreamingHashes();
    const bytes = randomBytes(200_000);
    const stored = await hashes.write('u', 0, body(bytes), storeInto([], 0, 150_000));
    expect(stored).toBe(150_000);
    expect(hashes.take('u', 150_000)).toBeNull();
    expect(hashes.take('u', bytes.length)).toBeNull();
  });

  it('forgets an upload whose write failed, and passes the failure on', async () => {
    const hashes = new StreamingHashes();
    const failing = async (readable: Readable) => {
      await new Promise((resolve) => readable.once('data', resolve));
      throw new Error('disk full');
    };
    await expect(hashes.write('u', 0, body(randomBytes(100_000)), failing)).rejects.toThrow(
      'disk full',
    );
    expect(hashes.take('u', 100_000)).toBeNull();
  });

  it('passes a broken request on to the store, which keeps what arrived', async () => {
    const hashes = new StreamingHashes();
    const broken = new Readable({ read() {} });
    broken.push(randomBytes(1000));
    setTimeout(() => broken.destroy(new Error('connection reset')), 10);
    await expect(hashes.write('u', 0, broken, storeInto([], 0))).rejects.toThrow(
      'connection reset',
    );
    expect(hashes.take('u', 1000)).toBeNull();
  });

  it('follows at most `limit` uploads, forgetting the oldest', async () => {
    const hashes = new StreamingHashes(2);
    const bytes = randomBytes(1000);
    for (const id of ['a', 'b', 'c']) await hashes.write(id, 0, body(bytes), storeInto([], 0));
    expect(hashes.take('a', 1000)).toBeNull();
    expect(hashes.take('b', 1000)).toBe(sha(bytes));
    expect(hashes.take('c', 1000)).toBe(sha(bytes));
  });

  it('forgets a deleted upload', async () => {
    const hashes = new StreamingHashes();
    await hashes.write('u', 0, body(randomBytes(1000)), storeInto([], 0));
    hashes.forget(['u']);
    expect(hashes.take('u', 1000)).toBeNull();
  });
});
