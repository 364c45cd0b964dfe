// @vitest-environment node
import { createKeys, encryptBlob, SEGMENT_SIZE, type WriterKeys } from '@codedrop/crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveResuming } from '../../test-support/serve-resuming';
import { downloadDecrypted } from './decrypt-download';
import type { FileSink } from './file-sink';

let keys: WriterKeys;
let plain: Uint8Array<ArrayBuffer>;
let stored: Uint8Array<ArrayBuffer>;
const meta = () => ({ name: 'data.bin', type: 'application/octet-stream', size: plain.length });

beforeAll(async () => {
  keys = await createKeys('pw', { iter: 100_000 });
  plain = new Uint8Array(SEGMENT_SIZE * 2 + 777).map((_, i) => (i * 7) & 255);
  stored = new Uint8Array(await (await encryptBlob(new Blob([plain]), keys.encKey)).arrayBuffer());
});
afterEach(() => vi.unstubAllGlobals());

/** Records what a sink was given and whether it was committed or discarded. */
function recordingSink() {
  const chunks: Uint8Array[] = [];
  const log: string[] = [];
  const sink: FileSink = {
    write: async (chunk) => void chunks.push(chunk.slice()),
    commit: async () => void log.push('commit'),
    discard: async () => void log.push('discard'),
  };
  const written = () => {
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    return out;
  };
  return { sink, log, written };
}

/** Serves `body` as the download URL would, in small network-sized chunks. */
function serveBytes(body: Uint8Array, status = 200, chunkSize = 65_536) {
  const sent: Uint8Array[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < body.length; at += chunkSize) {
            sent.push(body.slice(at, at + chunkSize));
            controller.enqueue(sent.at(-1)!);
          }
          controller.close();
        },
      });
      return new Response(stream, { status });
    }),
  );
  return sent;
}

/** Node 20 has no ArrayBuffer.prototype.transfer; browsers do. This one detaches like theirs. */
function installTransfer() {
  Object.defineProperty(ArrayBuffer.prototype, 'transfer', {
    configurable: true,
    value(this: ArrayBuffer, length?: number) {
      const moved = structuredClone(this, { transfer: [this] });
      return length === 0 ? new ArrayBuffer(0) : moved;
    },
  });
  return () => delete (ArrayBuffer.prototype as { transfer?: unknown }).transfer;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

describe('downloadDecrypted', () => {
  it('decrypts the stream into the sink and commits it, with progress', async () => {
    serveBytes(stored);
    const { sink, log, written } = recordingSink();
    const progress: number[] = [];
    const result = await downloadDecrypted({
      url: '/api/blobs/token',
      encKey: keys.encKey,
      storedLength: stored.length,
      meta: meta(),
      sink,
      onProgress: (done, total) => {
        expect(total).toBe(plain.length);
        progress.push(done);
      },
    });
    expect(result).toEqual({ ok: true });
    expect(log).toEqual(['commit']);
    expect(sameBytes(written(), plain)).toBe(true);
    expect(progress).toEqual([0, SEGMENT_SIZE, 2 * SEGMENT_SIZE, plain.length]);
  });

  it.each([1000, 65_536, SEGMENT_SIZE + 16, 4 * SEGMENT_SIZE])(
    'frees each network chunk (%d bytes) once decrypted, and still writes every byte',
    async (chunkSize) => {
      const removeTransfer = installTransfer();
      try {
        const sent = serveBytes(stored, 200, chunkSize);
        const { sink, log, written } = recordingSink();
        const progress: number[] = [];
        const result = await downloadDecrypted({
          url: '/api/blobs/token',
          encKey: keys.encKey,
          storedLength: stored.length,
          meta: meta(),
          sink,
          onProgress: (done) => progress.push(done),
        });
        expect(result).toEqual({ ok: true });
        expect(log).toEqual(['commit']);
        expect(sameBytes(written(), plain)).toBe(true);
        expect(progress.at(-1)).toBe(plain.length);
        expect(sent.every((chunk) => chunk.length === 0)).toBe(true);
      } finally {
        removeTransfer();
      }
    },
  );

  it.each([
    ['a flipped bit', () => stored.map((b, i) => (i === SEGMENT_SIZE + 40 ? b ^ 1 : b))],
    ['a cut stream', () => stored.slice(0, stored.length - 100)],
    [
      'an extended stream',
      () => {
        const longer = new Uint8Array(stored.length + 1);
        longer.set(stored);
        return longer;
      },
    ],
  ])('discards everything and commits nothing for %s', async (_, bytes) => {
    serveBytes(bytes());
    const { sink, log } = recordingSink();
    const result = await downloadDecrypted({
      url: '/x',
      encKey: keys.encKey,
      storedLength: stored.length,
      meta: meta(),
      sink,
    });
    expect(result).toEqual({ ok: false, reason: 'corrupt' });
    expect(log).toEqual(['discard']);
  });

  it('treats the wrong key as corrupt', async () => {
    serveBytes(stored);
    const other = await createKeys('other', { iter: 100_000 });
    const { sink, log, written } = recordingSink();
    const result = await downloadDecrypted({
      url: '/x',
      encKey: other.encKey,
      storedLength: stored.length,
      meta: meta(),
      sink,
    });
    expect(result).toEqual({ ok: false, reason: 'corrupt' });
    expect(log).toEqual(['discard']);
    expect(written()).toHaveLength(0);
  });

  it('reports an HTTP failure as a problem', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              type: 'about:blank',
              title: 'Share has expired',
              status: 410,
              detail: 'x',
              code: 'SHARE_EXPIRED',
            }),
            { status: 410 },
          ),
      ),
    );
    const { sink, log } = recordingSink();
    const result = await downloadDecrypted({
      url: '/x',
      encKey: keys.encKey,
      storedLength: stored.length,
      meta: meta(),
      sink,
    });
    expect(result).toMatchObject({
      ok: false,
      reason: 'problem',
      problem: { code: 'SHARE_EXPIRED' },
    });
    expect(log).toEqual(['discard']);
  });

  it('resumes a connection broken in the middle of a segment, reading into its own buffers', async () => {
    // Byte streams, as Chromium's bodies are: the first breaks off 1.5 segments in.
    const cut = SEGMENT_SIZE + SEGMENT_SIZE / 2;
    const bytesFrom = (from: number, to: number, then: 'break' | 'end') => {
      let at = from;
      return new ReadableStream({
        type: 'bytes',
        pull(controller: ReadableByteStreamController) {
          const request = controller.byobRequest!;
          const take = Math.min(100_000, to - at, request.view!.byteLength);
          if (take > 0) {
            new Uint8Array(request.view!.buffer, request.view!.byteOffset).set(
              stored.subarray(at, at + take),
            );
            at += take;
            return request.respond(take);
          }
          if (then === 'break') return controller.error(new TypeError('network error'));
          controller.close();
          request.respond(0);
        },
      });
    };
    const ranges = serveResuming(
      () => new Response(bytesFrom(0, cut, 'break')),
      () =>
        new Response(bytesFrom(cut, stored.length, 'end'), {
          status: 206,
          headers: { 'Content-Range': `bytes ${cut}-${stored.length - 1}/${stored.length}` },
        }),
    );
    const { sink, log, written } = recordingSink();
    const result = await downloadDecrypted({
      url: '/x',
      encKey: keys.encKey,
      storedLength: stored.length,
      meta: meta(),
      sink,
    });
    expect(result).toEqual({ ok: true });
    expect(ranges).toEqual([null, `bytes=${cut}-`]);
    expect(sameBytes(written(), plain)).toBe(true);
    expect(log).toEqual(['commit']);
  });

  it('reports a connection lost mid-stream as a network problem', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        let sent = false;
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (!sent) {
              sent = true;
              controller.enqueue(stored.slice(0, 100_000));
            } else controller.error(new TypeError('network error'));
          },
        });
        return new Response(stream);
      }),
    );
    const { sink, log } = recordingSink();
    const result = await downloadDecrypted({
      url: '/x',
      encKey: keys.encKey,
      storedLength: stored.length,
      meta: meta(),
      sink,
    });
    expect(result).toMatchObject({
      ok: false,
      reason: 'problem',
      problem: { code: 'NETWORK_ERROR' },
    });
    expect(log).toEqual(['discard']);
  });
});
