import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBlob, isSameOrigin, saveBlob, type TransferProgress } from './download-file';

afterEach(() => vi.unstubAllGlobals());

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

// jsdom's Blob has no arrayBuffer(); its FileReader does the same job.
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('fetchBlob', () => {
  it('collects the body and reports progress against Content-Length', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(streamOf([new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])]), {
            headers: { 'Content-Length': '5', 'Content-Type': 'text/html' },
          }),
      ),
    );
    const seen: TransferProgress[] = [];
    const result = await fetchBlob('/api/blobs/t', (p) => seen.push(p));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(await bytesOf(result.data)).toEqual(new Uint8Array([1, 2, 3, 4, 5]));
    // Whatever the uploader declared (here HTML), the blob: URL is an opaque download.
    expect(result.data.type).toBe('application/octet-stream');
    expect(seen.at(-1)).toEqual({ loaded: 5, total: 5 });
    expect(seen[0]).toEqual({ loaded: 0, total: 5 });
  });

  it('reports an unknown total as null', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(streamOf([new Uint8Array([9])]))),
    );
    const seen: TransferProgress[] = [];
    await fetchBlob('/x', (p) => seen.push(p));
    expect(seen.at(-1)).toEqual({ loaded: 1, total: null });
  });

  it('returns the problem of a refused URL', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              type: 'about:blank',
              title: 'Forbidden',
              status: 403,
              detail: 'The link has expired',
              code: 'FORBIDDEN',
            }),
            { status: 403 },
          ),
      ),
    );
    const result = await fetchBlob('/x', () => {});
    expect(result).toMatchObject({ ok: false, problem: { code: 'FORBIDDEN', status: 403 } });
  });

  it('returns a network failure instead of throwing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await fetchBlob('/x', () => {})).toMatchObject({
      ok: false,
      problem: { code: 'NETWORK_ERROR' },
    });
  });

  it('returns a failure when the connection drops mid-body', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([1]));
        controller.error(new TypeError('network error'));
      },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(broken)),
    );
    expect(await fetchBlob('/x', () => {})).toMatchObject({
      ok: false,
      problem: { code: 'NETWORK_ERROR' },
    });
  });
});

describe('isSameOrigin', () => {
  it('tells local blob URLs from presigned storage URLs', () => {
    expect(isSameOrigin('/api/blobs/abc')).toBe(true);
    expect(isSameOrigin(`${window.location.origin}/api/blobs/abc`)).toBe(true);
    expect(isSameOrigin('https://bucket.s3.example.com/key?sig=1')).toBe(false);
  });
});

describe('saveBlob', () => {
  it('saves under the name without direction overrides or controls', () => {
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    // jsdom has no object URLs; stand-ins for this test only.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    try {
      saveBlob(new Blob(['x']), 'invoice\u202Etxt.exe');
      saveBlob(new Blob(['x']), '\u2066\u200F');
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      click.mockRestore();
    }
    expect(clicked).toEqual(['invoicetxt.exe', 'download']);
  });
});
