import { createKeys, encryptChunks, type WriterKeys } from '@codedrop/crypto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEncryptedDownload } from './use-encrypted-download';

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

function serve(body: Uint8Array, count = { downloadCount: 1, maxDownloads: 3 }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/downloads')) {
        return new Response(
          JSON.stringify({ downloadUrl: '/api/blobs/t', ...count, expiresInSeconds: 300 }),
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

const file = () => ({
  name: 'encrypted_file',
  size: stored.length,
  downloadCount: 0,
  maxDownloads: 3,
});

beforeEach(() => vi.stubGlobal('isSecureContext', true));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('useEncryptedDownload', () => {
  it('saves the decrypted file through the picker and counts the download', async () => {
    const { written, log } = fakePicker();
    const calls = serve(stored);
    const { result } = renderHook(() => useEncryptedDownload('4821', file(), meta, keys, vi.fn()));
    act(() => result.current.download());
    await waitFor(() => expect(log).toEqual(['close']));
    expect(new TextDecoder().decode(written[0])).toBe('file body');
    expect(calls).toEqual(['/api/shares/4821/downloads', '/api/blobs/t']);
    await waitFor(() => expect(result.current.state.phase).toBe('idle'));
    expect(result.current.count).toEqual({ used: 1, max: 3 });
    expect(toast.success).toHaveBeenCalledWith('Download complete', { description: 'notes.txt' });
  });

  it('uses no download when the visitor cancels the save dialog', async () => {
    fakePicker(true);
    const calls = serve(stored);
    const { result } = renderHook(() => useEncryptedDownload('4821', file(), meta, keys, vi.fn()));
    act(() => result.current.download());
    await waitFor(() => expect(result.current.state.phase).toBe('idle'));
    expect(calls).toEqual([]);
  });

  it('keeps nothing and says so when the bytes do not authenticate', async () => {
    const { written, log } = fakePicker();
    const altered = stored.slice();
    altered[20]! ^= 1;
    serve(altered);
    const { result } = renderHook(() => useEncryptedDownload('4821', file(), meta, keys, vi.fn()));
    act(() => result.current.download());
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
    serve(stored, { downloadCount: 3, maxDownloads: 3 });
    const onLimitReached = vi.fn();
    const { result } = renderHook(() =>
      useEncryptedDownload('4821', file(), meta, keys, onLimitReached),
    );
    act(() => result.current.download());
    await waitFor(() => expect(onLimitReached).toHaveBeenCalledOnce());
    expect(toast).toHaveBeenCalledWith('Download limit reached', {
      description: 'This file has now been deleted.',
    });
  });
});
