import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ByteReader } from '@codedrop/crypto';
import { serveResuming } from '../test-support/serve-resuming';
import { fetchResumable } from './resumable-fetch';

afterEach(() => vi.unstubAllGlobals());

/** A body that sends `chunks` and then breaks off, as a dropped connection does. */
function breaking(chunks: number[][]): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent < chunks.length) controller.enqueue(new Uint8Array(chunks[sent++]!));
      else controller.error(new TypeError('network error'));
    },
  });
}

/** A byte stream that sends `chunks` into the buffers it is handed, then breaks off or ends. */
function bytesBody(
  chunks: number[][],
  end: 'break' | 'end',
): ReadableStream<Uint8Array<ArrayBuffer>> {
  let sent = 0;
  return new ReadableStream({
    type: 'bytes',
    pull(controller: ReadableByteStreamController) {
      const request = controller.byobRequest;
      const chunk = chunks[sent++];
      if (!chunk && end === 'break') return controller.error(new TypeError('network error'));
      if (!chunk) {
        controller.close();
        return request?.respond(0);
      }
      if (!request?.view) return controller.enqueue(new Uint8Array(chunk));
      new Uint8Array(request.view.buffer, request.view.byteOffset).set(chunk);
      request.respond(chunk.length);
    },
  });
}

/** Reads a ByteReader to its end, four bytes at a time, into one buffer it keeps. */
async function readInPlace(reader: ByteReader): Promise<{ bytes: number[]; buffers: number[] }> {
  const bytes: number[] = [];
  const buffers: number[] = [];
  let buffer = new ArrayBuffer(4);
  for (;;) {
    const { done, value } = await reader.read(new Uint8Array(buffer));
    if (done) return { bytes, buffers };
    bytes.push(...value);
    buffers.push(value.buffer.byteLength);
    buffer = value.buffer;
  }
}

/** Bytes 1–7 as byte streams: the first response breaks after 4, the resumed one ends. */
const serveBrokenBytes = () =>
  serveResuming(
    () => new Response(bytesBody([[1, 2, 3], [4]], 'break')),
    () =>
      new Response(bytesBody([[5, 6], [7]], 'end'), {
        status: 206,
        headers: { 'Content-Range': 'bytes 4-6/7' },
      }),
  );

async function readAll(stream: ReadableStream<Uint8Array>): Promise<number[]> {
  const out: number[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(...value);
  }
}

describe('fetchResumable', () => {
  it('asks for the rest from where the connection broke, and keeps what it had', async () => {
    const calls = serveResuming(
      () => new Response(breaking([[1, 2], [3]]), { headers: { 'Content-Length': '6' } }),
      () =>
        new Response(new Uint8Array([4, 5, 6]), {
          status: 206,
          headers: { 'Content-Range': 'bytes 3-5/6' },
        }),
    );
    const result = await fetchResumable('/api/blobs/t');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.total).toBe(6);
    expect(await readAll(result.data.body)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(calls).toEqual([null, 'bytes=3-']);
  });

  it('reads a byte-stream body into the buffers the reader brings, resumed the same way', async () => {
    const calls = serveBrokenBytes();
    const result = await fetchResumable('/api/blobs/t');
    if (!result.ok) throw new Error('expected a body');
    expect(result.data.byteReader).toBeDefined();
    const read = await readInPlace(result.data.byteReader!);
    expect(read.bytes).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Every read landed in a buffer of the reader's shape, its own or a new one after the break.
    expect(new Set(read.buffers)).toEqual(new Set([4]));
    expect(calls).toEqual([null, 'bytes=4-']);
  });

  it('keeps the bytes already read into a buffer when the connection breaks while it fills', async () => {
    serveBrokenBytes();
    const result = await fetchResumable('/api/blobs/t');
    if (!result.ok) throw new Error('expected a body');
    // As the decryptor fills a segment: each read goes on where the last one stopped.
    let buffer = new ArrayBuffer(7);
    let filled = 0;
    while (filled < 7) {
      const { done, value } = await result.data.byteReader!.read(
        new Uint8Array(buffer, filled, 7 - filled),
      );
      if (done) break;
      buffer = value.buffer;
      filled += value.byteLength;
    }
    expect([...new Uint8Array(buffer, 0, filled)]).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('has no in-place reader where the body is not a byte stream', async () => {
    const plain = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([1]));
        controller.close();
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(plain)),
    );
    const result = await fetchResumable('/x');
    if (!result.ok) throw new Error('expected a body');
    expect(result.data.byteReader).toBeUndefined();
    expect(await readAll(result.data.body)).toEqual([1]);
  });

  it('fails with the original error when the server cannot resume', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) =>
        (init?.headers as Record<string, string> | undefined)?.Range !== undefined
          ? new Response(new Uint8Array([9, 9, 9]), { status: 200 })
          : new Response(breaking([[1]])),
      ),
    );
    const result = await fetchResumable('/x');
    if (!result.ok) throw new Error('expected a body');
    await expect(readAll(result.data.body)).rejects.toThrow('network error');
  });

  it('gives up after three resumes', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls++;
        return calls === 1
          ? new Response(breaking([[1]]))
          : new Response(breaking([]), {
              status: 206,
              headers: { 'Content-Range': 'bytes 1-9/10' },
            });
      }),
    );
    const result = await fetchResumable('/x');
    if (!result.ok) throw new Error('expected a body');
    await expect(readAll(result.data.body)).rejects.toThrow('network error');
    expect(calls).toBe(4);
  });

  it('returns the problem of a refused URL', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { code: 'DOWNLOAD_LINK_USED', status: 410, title: 't', detail: 'used up', type: 'x' },
          { status: 410, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const result = await fetchResumable('/x');
    expect(result).toMatchObject({
      ok: false,
      problem: { code: 'DOWNLOAD_LINK_USED', status: 410 },
    });
  });
});
