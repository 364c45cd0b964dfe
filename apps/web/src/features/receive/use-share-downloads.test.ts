import { createKeys, encryptChunks, type WriterKeys } from '@codedrop/crypto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReceivedShare } from './received-share';
import { useShareDownloads } from './use-share-downloads';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

let keys: WriterKeys;
let stored: Uint8Array<ArrayBuffer>;
// jsdom's realm: TextEncoder's arrays are not `instanceof Uint8Array` here.
const plain = Uint8Array.from(new TextEncoder().encode('file body'));
const meta = { name: 'notes.txt', type: 'text/plain', size: plain.length };

beforeAll(async () => {
  keys = await createKeys('pw', { iter: 100_000 });
  // jsdom's Blob cannot be read back, so the stored form comes from an async iterable.
  const parts: Uint8Array[] = [];
  for await (const part of encryptChunks({
    encKey: keys.encKey,
    source: (async function* () {
      yield plain;
    })(),
    length: plain.length,
  })) {
    parts.push(part);
  }
  stored = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (stored.set(p, at), at + p.length), 0);
});

/** The save picker writes into memory; `written` is what reached the file. */
function fakePicker(cancel = false) {
  const written: Uint8Array[] = [];
  const log: string[] = [];
  vi.stubGlobal(
    'showSaveFilePicker',
    vi.fn(async () => {
      if (cancel) throw new DOMException('cancelled', 'AbortError');
      return {
        createWritable: async () => ({
          write: async (chunk: Uint8Array) => void written.push(chunk.slice()),
          close: async () => void log.push('close'),
          abort: async () => void log.push('abort'),
        }),
      };
    }),
  );
  return { written, log };
}

/** The download routes: grant n answers /api/blobs/g{n}-f{i} for each of `files` files. */
function serve(body: Uint8Array, { files = 1, max = 3, used = 0 } = {}) {
  const calls: string[] = [];
  let count = used;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/downloads')) {
        count++;
        const downloadUrls = Array.from({ length: files }, (_, i) => ({
          name: `f${i}`,
          url: `/api/blobs/g${count - used}-f${i}`,
        }));
        return new Response(
          JSON.stringify({
            downloadUrls,
            downloadCount: count,
            maxDownloads: max,
            expiresInSeconds: 300,
          }),
        );
      }
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(body.slice());
          controller.close();
        },
      });
      return new Response(stream);
    }),
  );
  return calls;
}

const encryptedShare = (): ReceivedShare => ({
  code: '4821',
  files: [{ ...meta, storedSize: stored.length }],
  count: { used: 0, max: 3 },
  keys,
});

const plainShare = (files: number, max = 3): ReceivedShare => ({
  code: '4821',
  files: Array.from({ length: files }, (_, i) => ({
    name: `file ${i}.txt`,
    type: 'text/plain',
    size: plain.length,
    storedSize: plain.length,
  })),
  count: { used: 0, max },
});

beforeEach(() => {
  vi.stubGlobal('isSecureContext', true);
  // jsdom has no object URLs, and no download manager for the link saveBlob clicks.
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('useShareDownloads on an encrypted file', () => {
  it('saves the decrypted file through the picker and counts the download', async () => {
    const { written, log } = fakePicker();
    const calls = serve(stored);
    const { result } = renderHook(() => useShareDownloads(encryptedShare(), vi.fn()));
    act(() => result.current.downloadFile(0));
    await waitFor(() => expect(log).toEqual(['close']));
    expect(new TextDecoder().decode(written[0])).toBe('file body');
    expect(calls).toEqual(['/api/shares/4821/downloads', '/api/blobs/g1-f0']);
    await waitFor(() => expect(result.current.transfer).toBeNull());
    expect(result.current.count).toEqual({ used: 1, max: 3 });
    expect(toast.success).toHaveBeenCalledWith('Download complete', { description: 'notes.txt' });
  });

  it('uses no download when the visitor cancels the save dialog', async () => {
    fakePicker(true);
    const calls = serve(stored);
    const { result } = renderHook(() => useShareDownloads(encryptedShare(), vi.fn()));
    act(() => result.current.downloadFile(0));
    await waitFor(() => expect(result.current.transfer).toBeNull());
    expect(calls).toEqual([]);
  });

  it('keeps nothing and says so when the bytes do not authenticate', async () => {
    const { written, log } = fakePicker();
    const altered = stored.slice();
    altered[20]! ^= 1;
    serve(altered);
    const { result } = renderHook(() => useShareDownloads(encryptedShare(), vi.fn()));
    act(() => result.current.downloadFile(0));
    await waitFor(() =>
      expect(result.current.error).toBe('Failed to decrypt content. Please check your password.'),
    );
    expect(log).toEqual(['abort']);
    expect(written).toEqual([]);
    expect(toast.error).toHaveBeenCalledWith(
      'Decryption failed: Invalid password or corrupted data.',
    );
  });

  it('says the file is gone after its last download', async () => {
    fakePicker();
    serve(stored, { max: 3, used: 2 });
    const onLimitReached = vi.fn();
    const { result } = renderHook(() => useShareDownloads(encryptedShare(), onLimitReached));
    act(() => result.current.downloadFile(0));
    await waitFor(() => expect(onLimitReached).toHaveBeenCalledOnce());
    expect(toast).toHaveBeenCalledWith('Download limit reached', {
      description: 'This file has now been deleted.',
    });
  });
});

describe('useShareDownloads on a plain single file', () => {
  it('counts each Download File, as before', async () => {
    const calls = serve(plain);
    const { result } = renderHook(() => useShareDownloads(plainShare(1), vi.fn()));
    for (let n = 1; n <= 2; n++) {
      act(() => result.current.downloadFile(0));
      await waitFor(() => expect(result.current.count.used).toBe(n));
      await waitFor(() => expect(result.current.transfer).toBeNull());
    }
    expect(calls).toEqual([
      '/api/shares/4821/downloads',
      '/api/blobs/g1-f0',
      '/api/shares/4821/downloads',
      '/api/blobs/g2-f0',
    ]);
    expect(toast.success).toHaveBeenCalledWith('Download started', { description: 'file 0.txt' });
  });

  it('lets the download after a preview use the preview’s grant', async () => {
    const calls = serve(plain);
    const { result } = renderHook(() => useShareDownloads(plainShare(1), vi.fn()));
    const preview = await act(() => result.current.preview(0));
    expect(preview).toEqual({ ok: true, content: { kind: 'text', text: 'file body' } });
    act(() => result.current.downloadFile(0));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    expect(calls.filter((url) => url.endsWith('/downloads'))).toHaveLength(1);
    expect(result.current.count.used).toBe(1);
  });
});

describe('useShareDownloads on several plain files', () => {
  it('takes one download for every file and preview within 300 s, then a new one', async () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    const calls = serve(plain, { files: 3 });
    const { result } = renderHook(() => useShareDownloads(plainShare(3), vi.fn()));
    for (const index of [0, 1, 2]) {
      act(() => result.current.downloadFile(index));
      await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(index + 1));
    }
    await act(() => result.current.preview(2));
    await act(() => result.current.preview(0));
    expect(calls.filter((url) => url.endsWith('/downloads'))).toHaveLength(1);
    expect(calls.filter((url) => url.includes('/api/blobs/'))).toEqual([
      '/api/blobs/g1-f0',
      '/api/blobs/g1-f1',
      '/api/blobs/g1-f2',
      '/api/blobs/g1-f2',
      '/api/blobs/g1-f0',
    ]);

    now.mockReturnValue(1_000_000 + 300_000);
    act(() => result.current.downloadFile(1));
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(4));
    expect(calls.slice(-2)).toEqual(['/api/shares/4821/downloads', '/api/blobs/g2-f1']);
    expect(result.current.count.used).toBe(2);
  });

  it('keeps the last download’s files available instead of going home', async () => {
    serve(plain, { files: 2, max: 1 });
    const onLimitReached = vi.fn();
    const { result } = renderHook(() => useShareDownloads(plainShare(2, 1), onLimitReached));
    act(() => result.current.downloadFile(0));
    await waitFor(() => expect(result.current.lastGrantHeld).toBe(true));
    expect(result.current.canDownload).toBe(true);
    act(() => result.current.downloadFile(1));
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(2));
    expect(onLimitReached).not.toHaveBeenCalled();
  });
});
