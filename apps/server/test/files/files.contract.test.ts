import { randomBytes } from 'node:crypto';
import { parse as parseDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@codedrop/contract';
import { storedFilesOf } from '../../src/modules/files/stored-files.js';
import { startTestApp, http, type TestApp } from '../support/app.js';
import { TestClock } from '../support/clock.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { absolute, storageEnv, testBackends, upload } from '../support/files.js';

const combos = testBackends();

describe.each(combos)('files on %s + %s storage', (dialect, storage) => {
  let database: TestDatabase;
  let server: TestApp;
  let store: Awaited<ReturnType<typeof storageEnv>>;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await storageEnv(storage);
    server = await startTestApp(database, {
      clock,
      env: { RATE_LIMIT_DISABLED: 'true', ...store.env },
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await database?.drop();
  });

  const takeDownload = (code: string, json: unknown = {}) =>
    http<{
      downloadUrls: { url: string }[];
      downloadCount: number;
      maxDownloads: number;
      expiresInSeconds: number;
    }>(server.url, `/api/shares/${code}/downloads`, { method: 'POST', json });
  const fetchBytes = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(absolute(server.url, url), { headers });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  };

  it('round-trips a random 10 MiB file byte for byte', async () => {
    const bytes = randomBytes(10 * 1024 * 1024);
    const created = await upload(
      server.url,
      { bytes, name: 'data.bin' },
      { maxDownloads: '3', expiresInSeconds: '3600' },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'file',
      maxDownloads: 3,
      files: [{ name: 'data.bin', size: bytes.length }],
    });
    // The single-file fields of earlier versions are gone: `files` says it all.
    expect(created.body).not.toHaveProperty('fileName');
    expect(created.body).not.toHaveProperty('fileSize');
    const code = created.body.code as string;
    const view = await http(server.url, `/api/shares/${code}`);
    expect(view.body).toMatchObject({
      type: 'file',
      isEncrypted: false,
      files: [{ name: 'data.bin', size: bytes.length }],
      downloadCount: 0,
      maxDownloads: 3,
    });
    expect(view.body).not.toHaveProperty('content');

    const grant = await takeDownload(code);
    expect(grant.status).toBe(200);
    expect(grant.body).toMatchObject({ downloadCount: 1, maxDownloads: 3, expiresInSeconds: 300 });
    const { response, bytes: got } = await fetchBytes(grant.body.downloadUrls[0]!.url);
    expect(response.status).toBe(200);
    expect(parseDisposition(response.headers.get('content-disposition')!)).toMatchObject({
      type: 'attachment',
      parameters: { filename: 'data.bin' },
    });
    if (storage === 'local') expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(got).equals(bytes)).toBe(true);
    const after = await http(server.url, `/api/shares/${code}`);
    expect(after.body).toMatchObject({ downloadCount: 1 });
  });

  it('round-trips an empty file', async () => {
    const created = await upload(server.url, {
      bytes: new Uint8Array(0),
      name: 'empty.txt',
      type: 'text/plain',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ files: [{ name: 'empty.txt', size: 0 }] });
    const grant = await takeDownload(created.body.code as string);
    const { response, bytes } = await fetchBytes(grant.body.downloadUrls[0]!.url);
    expect(response.status).toBe(200);
    expect(bytes.length).toBe(0);
  });

  it('serves byte ranges', async () => {
    const bytes = randomBytes(4096);
    const created = await upload(server.url, { bytes, name: 'r.bin' });
    const downloadUrl = (await takeDownload(created.body.code as string)).body.downloadUrls[0]!.url;
    const cases: Array<[string, number, number]> = [
      ['bytes=0-0', 0, 0],
      ['bytes=100-1123', 100, 1123],
      ['bytes=4000-', 4000, 4095],
      ['bytes=-10', 4086, 4095],
    ];
    for (const [range, start, end] of cases) {
      const { response, bytes: part } = await fetchBytes(downloadUrl, { range });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/4096`);
      expect(Buffer.from(part).equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
    // The same URL works again: retries within its lifetime cost no download.
    const { response: whole } = await fetchBytes(downloadUrl);
    expect(whole.status).toBe(200);
    const { response } = await fetchBytes(downloadUrl, { range: 'bytes=5000-6000' });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe('bytes */4096');
  });

  it('keeps names with quotes and unicode safe in Content-Disposition', async () => {
    const name = 'résumé "final" 日本語.txt';
    const created = await upload(server.url, { bytes: Buffer.from('hi'), name, type: 'text/html' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ files: [{ name }] });
    const code = created.body.code as string;
    expect((await http(server.url, `/api/shares/${code}`)).body).toMatchObject({
      files: [{ name }],
    });
    const { response } = await fetchBytes((await takeDownload(code)).body.downloadUrls[0]!.url);
    const disposition = response.headers.get('content-disposition')!;
    expect(disposition.startsWith('attachment;')).toBe(true);
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    // The ASCII fallback holds no quote, non-ASCII byte or separator that could break out.
    const fallback = /filename="([^"]*)"/.exec(disposition)![1]!;
    expect(fallback).toMatch(/^[\x20-\x7e]+$/);
    expect(fallback).not.toMatch(/[\\/"]/);
    // Declared HTML is only ever an attachment of bytes.
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('serves every file as application/octet-stream, whatever type its uploader declared', async () => {
    for (const [type, body] of [
      ['text/javascript', 'localStorage.clear()'],
      ['text/html', '<script>document.title = "pwned"</script>'],
      ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ] as const) {
      const created = await upload(server.url, { bytes: Buffer.from(body), name: 'page', type });
      expect(created.status).toBe(201);
      const grant = await takeDownload(created.body.code as string);
      const { response, bytes } = await fetchBytes(grant.body.downloadUrls[0]!.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type'), type).toBe('application/octet-stream');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(parseDisposition(response.headers.get('content-disposition')!).type).toBe(
        'attachment',
      );
      expect(Buffer.from(bytes).toString()).toBe(body);
    }
  });

  it('strips path separators from the uploaded name', async () => {
    const created = await upload(server.url, { bytes: Buffer.from('x'), name: '../../etc/passwd' });
    expect(created.status).toBe(201);
    const [stored] = created.body.files as { name: string }[];
    expect(stored!.name).not.toContain('/');
    expect(stored!.name).not.toContain('..');
  });

  it('cleans the name as every other door does', async () => {
    for (const [sent, kept] of [
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\windows\\win.ini', 'win.ini'],
      ['in\u200Bvoice\u2060.pdf\uFEFF', 'invoice.pdf'],
      ['\u00ADreport\u3164.txt', 'report.txt'],
    ]) {
      const created = await upload(server.url, { bytes: Buffer.from('x'), name: sent! });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ files: [{ name: kept }] });
    }
    const nothing = await upload(server.url, { bytes: Buffer.from('x'), name: '\u200B' });
    expect(nothing.status).toBe(400);
  });

  it('stores names without direction overrides, so they read as they are', async () => {
    const created = await upload(server.url, {
      bytes: Buffer.from('x'),
      name: 'invoice\u202Etxt.exe \u2066a\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ files: [{ name: 'invoicetxt.exe a' }] });
  });

  it('issues exactly maxDownloads URLs under 200 concurrent requests', async () => {
    const created = await upload(
      server.url,
      { bytes: randomBytes(1000), name: 'c.bin' },
      { maxDownloads: '10' },
    );
    const code = created.body.code as string;
    const results = await Promise.all(Array.from({ length: 200 }, () => takeDownload(code)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(10);
    expect(ok.map((r) => r.body.downloadCount).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(410);
      expect(r.body).toMatchObject({ code: 'DOWNLOAD_LIMIT_REACHED' });
    }
    // Every issued URL still works after the share is exhausted.
    for (const r of ok.slice(0, 3)) {
      expect((await fetchBytes(r.body.downloadUrls[0]!.url)).response.status).toBe(200);
    }
  });

  it('refuses downloads of non-file shares, exhausted and expired shares', async () => {
    const text = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'x' },
    });
    const invalid = await takeDownload(text.body.code);
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      code: 'INVALID_FILE_SHARE',
      detail: messages.invalidFileShare,
    });

    const once = await upload(
      server.url,
      { bytes: Buffer.from('1'), name: 'once.txt' },
      { maxDownloads: '1' },
    );
    const onceCode = once.body.code as string;
    expect((await takeDownload(onceCode)).status).toBe(200);
    const exhausted = await takeDownload(onceCode);
    expect(exhausted.status).toBe(410);
    expect(exhausted.body).toMatchObject({
      code: 'DOWNLOAD_LIMIT_REACHED',
      title: messages.downloadLimitReached,
      // Not "deleted": the bytes stay until the last issued URL has expired.
      detail: 'This file has reached its download limit and can no longer be downloaded.',
    });
    expect((await http(server.url, `/api/shares/${onceCode}`)).body).toMatchObject({
      code: 'DOWNLOAD_LIMIT_REACHED',
    });

    const soon = await upload(
      server.url,
      { bytes: Buffer.from('2'), name: 'soon.txt' },
      { maxDownloads: '5', expiresInSeconds: '600' },
    );
    clock.advance(600);
    const expired = await takeDownload(soon.body.code as string);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ code: 'SHARE_EXPIRED' });
  });

  it('reclaims the blob only after the last issued URL has expired', async () => {
    const created = await upload(
      server.url,
      { bytes: Buffer.from('bye'), name: 'bye.txt' },
      { maxDownloads: '1' },
    );
    const code = created.body.code as string;
    const downloadUrl = (await takeDownload(code)).body.downloadUrls[0]!.url;
    await server.app.sweeper.runOnce();
    expect((await fetchBytes(downloadUrl)).response.status).toBe(200);
    clock.advance(301);
    const row = await server.app.db.kysely
      .selectFrom('shares')
      .select('files')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const [stored] = storedFilesOf(row);
    await server.app.sweeper.runOnce();
    expect((await http(server.url, `/api/shares/${code}`)).status).toBe(404);
    await expect(server.app.blobs.stat(stored!.key)).rejects.toMatchObject({
      name: 'BlobNotFoundError',
    });
  });

  it('gives every grant its own URL, good for three complete transfers', async () => {
    const bytes = randomBytes(20_000);
    const created = await upload(server.url, { bytes, name: 'crowd.bin' }, { maxDownloads: '5' });
    const code = created.body.code as string;
    const first = (await takeDownload(code)).body.downloadUrls[0]!.url;
    const second = (await takeDownload(code)).body.downloadUrls[0]!.url;
    expect(first).not.toBe(second);
    // Ranges that stop short of the end are retries of one transfer: never counted.
    for (let i = 0; i < 5; i++) {
      expect((await fetchBytes(first, { range: 'bytes=0-9999' })).response.status).toBe(206);
    }
    for (let i = 0; i < 3; i++) {
      const { response, bytes: got } = await fetchBytes(first);
      expect(response.status).toBe(200);
      expect(Buffer.from(got).equals(bytes)).toBe(true);
    }
    const used = await fetchBytes(first);
    expect(used.response.status).toBe(410);
    expect(JSON.parse(Buffer.from(used.bytes).toString())).toMatchObject({
      code: 'DOWNLOAD_LINK_USED',
      detail: messages.downloadLinkUsed,
    });
    expect((await fetchBytes(first, { range: 'bytes=19990-' })).response.status).toBe(410);
    // The other grant counts its own transfers.
    expect((await fetchBytes(second)).response.status).toBe(200);
  });

  it('serves one URL to exactly three of 20 simultaneous complete downloads', async () => {
    const bytes = randomBytes(30_000);
    const created = await upload(server.url, { bytes, name: 'burst.bin' });
    const url = (await takeDownload(created.body.code as string)).body.downloadUrls[0]!.url;
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { response, bytes: got } = await fetchBytes(url);
        return { status: response.status, whole: Buffer.from(got).equals(bytes) };
      }),
    );
    const served = answers.filter((a) => a.status === 200);
    expect(served).toHaveLength(3);
    expect(served.every((a) => a.whole)).toBe(true);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 410)).toEqual([]);
  });

  it('gives a transfer cut off before its end back to the URL', async () => {
    const bytes = randomBytes(8 * 1024 * 1024);
    const created = await upload(server.url, { bytes, name: 'cut.bin' });
    const url = absolute(
      server.url,
      (await takeDownload(created.body.code as string)).body.downloadUrls[0]!.url,
    );
    for (let i = 0; i < 2; i++) {
      const abort = new AbortController();
      const response = await fetch(url, { signal: abort.signal });
      expect(response.status).toBe(200);
      await response.body!.getReader().read();
      abort.abort();
    }
    // The server hears the cut asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Each body read to its end: an unread body is a transfer the client abandoned.
    for (let i = 0; i < 3; i++) {
      expect((await fetchBytes(url)).response.status, `transfer ${i + 1}`).toBe(200);
    }
    expect((await fetchBytes(url)).response.status).toBe(410);
  });

  if (storage === 'local') {
    it('refuses tampered and expired download tokens with 403', async () => {
      const created = await upload(server.url, { bytes: Buffer.from('t'), name: 't.txt' });
      const downloadUrl = (await takeDownload(created.body.code as string)).body.downloadUrls[0]!
        .url;
      const tampered = downloadUrl.slice(0, -2) + (downloadUrl.endsWith('AA') ? 'BB' : 'AA');
      const bad = await fetchBytes(tampered);
      expect(bad.response.status).toBe(403);
      clock.advance(300);
      const late = await fetch(absolute(server.url, downloadUrl));
      expect(late.status).toBe(403);
      expect(await late.json()).toMatchObject({ code: 'FORBIDDEN' });
    });
  }

  describe('upload validation', () => {
    it.each([
      [{}, 'maxDownloads is required (a whole number from 1 to 100)'],
      [{ maxDownloads: '0' }, 'maxDownloads must be a whole number from 1 to 100'],
      [{ maxDownloads: '-1' }, 'maxDownloads must be a whole number from 1 to 100'],
      [{ maxDownloads: '1.5' }, 'maxDownloads must be a whole number from 1 to 100'],
      [{ maxDownloads: '101' }, 'maxDownloads must be a whole number from 1 to 100'],
      [{ maxDownloads: 'ten' }, 'maxDownloads must be a whole number from 1 to 100'],
    ])('maxDownloads %j → 400', async (fields, message) => {
      const res = await upload(
        server.url,
        { bytes: Buffer.from('x'), name: 'x.txt' },
        fields as Record<string, string>,
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: message,
        errors: [{ field: 'maxDownloads' }],
      });
    });

    it('no file → "Please select a file to share"', async () => {
      const form = new FormData();
      form.append('maxDownloads', '5');
      const res = await fetch(`${server.url}/api/files`, { method: 'POST', body: form });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ detail: messages.fileRequired });
    });

    it('a JSON body is 415', async () => {
      const res = await http(server.url, '/api/files', { method: 'POST', json: { file: 'x' } });
      expect(res.status).toBe(415);
    });

    it('rejected uploads leave no row and no blob', async () => {
      const before = await countRowsAndBlobs();
      await upload(server.url, { bytes: randomBytes(2048), name: 'x.bin' }, { maxDownloads: '0' });
      await upload(
        server.url,
        { bytes: randomBytes(2048), name: 'x.bin' },
        { maxDownloads: '5', expiresInSeconds: '7' },
      );
      expect(await countRowsAndBlobs()).toEqual(before);
    });
  });

  async function countRowsAndBlobs() {
    const rows = await server.app.db.kysely
      .selectFrom('shares')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const keys: string[] = [];
    for await (const { key } of server.app.blobs.list()) keys.push(key);
    return { rows: Number(rows.n), blobs: keys.length };
  }
});
