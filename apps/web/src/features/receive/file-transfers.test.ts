// @vitest-environment node
import { createKeys, encryptBlob, type WriterKeys } from '@codedrop/crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readZip } from '../../../e2e/support/read-zip';
import { createGrantHolder } from '../../lib/download-grant';
import type { FileSink } from '../../lib/encryption/file-sink';
import { englishI18n } from '../../test-support/english';
import { loadPreview, noPreviewMessage, saveZip } from './file-transfers';
import type { ReceivedShare } from './received-share';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2]);
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const text = new TextEncoder().encode('hello from a text file\n');
const files = [
  { name: 'photo.png', type: 'image/png', bytes: png },
  { name: 'report.pdf', type: 'application/pdf', bytes: pdf },
  { name: 'notes.txt', type: 'text/plain', bytes: text },
];

let keys: WriterKeys;
let sealed: Uint8Array[];
beforeAll(async () => {
  keys = await createKeys('pw', { iter: 100_000 });
  sealed = await Promise.all(
    files.map(async (file) => {
      const blob = await encryptBlob(new Blob([file.bytes]), keys.encKey);
      return new Uint8Array(await blob.arrayBuffer());
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/**
 * The download routes: each POST is a new grant whose URLs name it (/api/blobs/g{n}-f{i});
 * `refuse` may answer a blob URL with a problem instead of its bytes.
 */
function serve(stored: Uint8Array[], refuse?: (url: string) => Response | undefined) {
  const calls: string[] = [];
  let grants = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/downloads')) {
        grants++;
        const downloadUrls = stored.map((_, i) => ({
          name: `f${i}`,
          url: `/api/blobs/g${grants}-f${i}`,
        }));
        return Response.json({
          downloadUrls,
          downloadCount: grants,
          maxDownloads: 5,
          expiresInSeconds: 300,
        });
      }
      const refused = refuse?.(url);
      if (refused) return refused;
      return new Response(stored[Number(/-f(\d+)$/.exec(url)![1])]!.slice());
    }),
  );
  return calls;
}

const posts = (calls: string[]) => calls.filter((url) => url.endsWith('/downloads')).length;

function recordingSink() {
  const chunks: Uint8Array[] = [];
  const log: string[] = [];
  const sink: FileSink = {
    write: async (chunk) => void chunks.push(chunk.slice()),
    commit: async () => void log.push('commit'),
    discard: async () => void log.push('discard'),
  };
  return { sink, log, zip: () => Buffer.concat(chunks) };
}

function share(encrypted: boolean, stored: Uint8Array[]): ReceivedShare {
  return {
    code: '4821',
    files: files.map((file, i) => ({
      name: file.name,
      type: file.type,
      size: file.bytes.length,
      storedSize: stored[i]!.length,
    })),
    count: { used: 0, max: 5 },
    keys: encrypted ? keys : undefined,
  };
}

function holderFor(received: ReceivedShare) {
  return createGrantHolder({
    request: async () => {
      const response = await fetch(`/api/shares/${received.code}/downloads`);
      return { ok: true, data: await response.json() };
    },
    oneDownloadPerGrant: false,
  });
}

describe.each([
  ['plain', false],
  ['encrypted', true],
])('a %s share of several files', (_name, encrypted) => {
  const stored = () => (encrypted ? sealed : files.map((file) => file.bytes));

  it('zips every file byte for byte and previews each, all under one grant', async () => {
    const calls = serve(stored());
    const received = share(encrypted, stored());
    const holder = holderFor(received);
    const { sink, log, zip } = recordingSink();
    const outcome = await saveZip(holder, received, Promise.resolve(sink), () => {});
    expect(outcome).toMatchObject({ ok: true, grant: { downloadCount: 1 } });
    expect(log).toEqual(['commit']);
    const entries = readZip(zip());
    expect(entries.map((entry) => entry.name)).toEqual(files.map((file) => file.name));
    entries.forEach((entry, i) => expect(new Uint8Array(entry.bytes)).toEqual(files[i]!.bytes));

    const previews = await Promise.all(
      [0, 1, 2].map((i) => loadPreview(holder, received, i, englishI18n)),
    );
    expect(previews.map((p) => (p.ok ? p.content.kind : p.message))).toEqual([
      'image',
      'pdf',
      'text',
    ]);
    expect(previews[2]).toEqual({
      ok: true,
      content: { kind: 'text', text: 'hello from a text file\n' },
    });
    expect(posts(calls)).toBe(1);
  });

  it('renews the grant once when a URL has served its transfers', async () => {
    let refused = false;
    const calls = serve(stored(), (url) => {
      if (refused || !url.endsWith('g1-f1')) return undefined;
      refused = true;
      return Response.json(
        {
          type: 'about:blank',
          title: 'Used',
          status: 410,
          detail: 'd',
          code: 'DOWNLOAD_LINK_USED',
        },
        { status: 410 },
      );
    });
    const received = share(encrypted, stored());
    const { sink } = recordingSink();
    const outcome = await saveZip(holderFor(received), received, Promise.resolve(sink), () => {});
    expect(outcome).toMatchObject({ ok: true, grant: { downloadCount: 2 } });
    expect(calls.filter((url) => url.includes('/api/blobs/'))).toEqual([
      '/api/blobs/g1-f0',
      '/api/blobs/g1-f1',
      '/api/blobs/g2-f1',
      '/api/blobs/g2-f2',
    ]);
  });
});

describe('previews decide by the bytes', () => {
  it('shows a file declared as an image but holding HTML as text, never as markup', async () => {
    const html = new TextEncoder().encode('<script>alert(1)</script>');
    serve([html]);
    const received: ReceivedShare = {
      code: '4821',
      files: [{ name: 'cat.png', type: 'image/png', size: html.length, storedSize: html.length }],
      count: { used: 0, max: 5 },
    };
    expect(await loadPreview(holderFor(received), received, 0, englishI18n)).toEqual({
      ok: true,
      content: { kind: 'text', text: '<script>alert(1)</script>' },
    });
  });

  it('says so when the bytes are nothing the page shows', async () => {
    const binary = Uint8Array.from([0x50, 0x4b, 3, 4, 0, 0, 0xff]);
    serve([binary]);
    const received: ReceivedShare = {
      code: '4821',
      files: [{ name: 'a.png', type: 'image/png', size: 7, storedSize: 7 }],
      count: { used: 0, max: 5 },
    };
    expect(await loadPreview(holderFor(received), received, 0, englishI18n)).toEqual({
      ok: false,
      message: noPreviewMessage(englishI18n),
    });
  });

  it('shows nothing of an encrypted file that does not authenticate', async () => {
    const altered = sealed.map((bytes) => bytes.slice());
    altered[0]![20]! ^= 1;
    serve(altered);
    const received = share(true, altered);
    expect(await loadPreview(holderFor(received), received, 0, englishI18n)).toEqual({
      ok: false,
      message: 'Failed to decrypt content. Please check your password.',
    });
    const { sink, log } = recordingSink();
    expect(await saveZip(holderFor(received), received, Promise.resolve(sink), () => {})).toEqual({
      ok: false,
      reason: 'corrupt',
    });
    expect(log).toEqual(['discard']);
  });
});
