import { afterEach, describe, expect, it, vi } from 'vitest';
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
    const calls: Array<string | null> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const range = (init?.headers as Record<string, string> | undefined)?.Range ?? null;
        calls.push(range);
        if (range === null) {
          return new Response(breaking([[1, 2], [3]]), { headers: { 'Content-Length': '6' } });
        }
        return new Response(new Uint8Array([4, 5, 6]), {
          status: 206,
          headers: { 'Content-Range': 'bytes 3-5/6' },
        });
      }),
    );
    const result = await fetchResumable('/api/blobs/t');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.total).toBe(6);
    expect(await readAll(result.data.body)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(calls).toEqual([null, 'bytes=3-']);
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
