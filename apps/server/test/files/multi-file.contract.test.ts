import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse as parseDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytesCompact, messages } from '@codedrop/contract';
import { bundleBlobKey, newBlobKey } from '../../src/infra/blob/keys.js';
import { startTestApp, http, type TestApp } from '../support/app.js';
import { TestClock } from '../support/clock.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { absolute, storageEnv, testBackends, uploadMany } from '../support/files.js';

const combos = testBackends();

interface Grant {
  downloadUrls: Array<{ name: string; url: string }>;
  downloadCount: number;
  maxDownloads: number;
}

const maxBytes = 100_000;
const maxFiles = 4;

describe.each(combos)('several files in one share on %s + %s storage', (dialect, storage) => {
  let database: TestDatabase;
  let server: TestApp;
  let store: Awaited<ReturnType<typeof storageEnv>>;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await storageEnv(storage);
    server = await startTestApp(database, {
      clock,
      env: {
        RATE_LIMIT_DISABLED: 'true',
        MAX_FILE_BYTES: String(maxBytes),
        MAX_FILES_PER_SHARE: String(maxFiles),
        ...store.env,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await database?.drop();
  });

  const takeDownload = (code: string) =>
    http<Grant>(server.url, `/api/shares/${code}/downloads`, { method: 'POST', json: {} });
  const fetchBytes = async (url: string) => {
    const response = await fetch(absolute(server.url, url));
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  async function rowsAndBlobs() {
    const rows = await server.app.db.kysely
      .selectFrom('shares')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const keys: string[] = [];
    for await (const { key } of server.app.blobs.list()) keys.push(key);
    return { rows: Number(rows.n), blobs: keys.sort() };
  }

  const three = () => [
    { bytes: randomBytes(30_000), name: 'photo.png', type: 'image/png' },
    { bytes: randomBytes(20_000), name: 'report.pdf', type: 'application/pdf' },
    { bytes: Buffer.from('plain text\n'), name: 'notes.txt', type: 'text/plain' },
  ];

  it('stores several files under one code, lists them, and grants a URL for each at one count', async () => {
    const files = three();
    const created = await uploadMany(server.url, files, { maxDownloads: '2' });
    expect(created.status).toBe(201);
    const listed = files.map((f) => ({ name: f.name, size: f.bytes.length, type: f.type }));
    expect(created.body).toMatchObject({ files: listed });
    const code = created.body.code as string;

    const view = await http(server.url, `/api/shares/${code}`);
    expect(view.body).toMatchObject({ files: listed, downloadCount: 0, maxDownloads: 2 });
    expect(view.body).not.toHaveProperty('file');

    const grant = await takeDownload(code);
    expect(grant.status).toBe(200);
    expect(grant.body.downloadCount).toBe(1);
    expect(grant.body.downloadUrls.map((u) => u.name)).toEqual(files.map((f) => f.name));
    expect(grant.body).not.toHaveProperty('downloadUrl');
    for (const [i, { url }] of grant.body.downloadUrls.entries()) {
      const { response, bytes } = await fetchBytes(url);
      expect(response.status).toBe(200);
      expect(bytes.equals(files[i]!.bytes)).toBe(true);
      expect(parseDisposition(response.headers.get('content-disposition')!)).toMatchObject({
        type: 'attachment',
        parameters: { filename: files[i]!.name },
      });
    }
    // Every file fetched, still one download taken.
    const after = await http<{ downloadCount: number }>(server.url, `/api/shares/${code}`);
    expect(after.body.downloadCount).toBe(1);
  });

  it('keeps a one-file share as a list of one', async () => {
    const created = await uploadMany(server.url, [{ bytes: Buffer.from('one'), name: 'one.txt' }]);
    expect(created.status).toBe(201);
    const code = created.body.code as string;
    const view = await http(server.url, `/api/shares/${code}`);
    expect(view.body).toMatchObject({
      files: [{ name: 'one.txt', size: 3, type: 'application/octet-stream' }],
    });
    const row = await server.app.db.kysely
      .selectFrom('shares')
      .select(['files', 'total_bytes'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.files!)).toMatchObject([{ name: 'one.txt', size: 3 }]);
    expect(Number(row.total_bytes)).toBe(3);
  });

  it('counts exactly one download per grant under 200 concurrent grants', async () => {
    const created = await uploadMany(server.url, three(), { maxDownloads: '50' });
    const code = created.body.code as string;
    const answers = await Promise.all(Array.from({ length: 200 }, () => takeDownload(code)));
    const granted = answers.filter((a) => a.status === 200);
    expect(granted).toHaveLength(50);
    expect(answers.filter((a) => a.status === 410)).toHaveLength(150);
    for (const grant of granted) expect(grant.body.downloadUrls).toHaveLength(3);
    const counts = granted.map((grant) => grant.body.downloadCount).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('reclaims every blob of the share, and only after its URLs have expired', async () => {
    const before = (await rowsAndBlobs()).blobs;
    const created = await uploadMany(server.url, three(), { maxDownloads: '1' });
    const code = created.body.code as string;
    const mine = (await rowsAndBlobs()).blobs.filter((key) => !before.includes(key));
    expect(mine).toHaveLength(3);
    const grant = await takeDownload(code);
    await server.app.sweeper.runOnce();
    expect((await fetchBytes(grant.body.downloadUrls[2]!.url)).response.status).toBe(200);
    clock.advance(301);
    await server.app.sweeper.runOnce();
    expect((await http(server.url, `/api/shares/${code}`)).status).toBe(404);
    const left = (await rowsAndBlobs()).blobs;
    expect(left.filter((key) => mine.includes(key))).toEqual([]);
  });

  it('keeps a live bundle from the orphan sweep and deletes a bundle blob nobody owns', async () => {
    const created = await uploadMany(server.url, three(), { maxDownloads: '5' });
    expect(created.status).toBe(201);
    const mine = (await rowsAndBlobs()).blobs;
    const old = clock.now().getTime() - 2 * 3_600_000;
    const stray = bundleBlobKey(newBlobKey('x.bin', old), 1, 'y.txt');
    await server.app.blobs.put(stray, Readable.from([Buffer.from('stray')]));
    clock.advance(2 * 3600);
    await server.app.sweeper.runOnce({ orphans: true });
    const left = (await rowsAndBlobs()).blobs;
    expect(left).not.toContain(stray);
    expect(left).toEqual(mine.filter((key) => key !== stray));
    clock.advance(-2 * 3600);
  });

  describe('failures keep nothing', () => {
    it('refuses a bundle whose files pass the limit together, at the file that passes it', async () => {
      const before = await rowsAndBlobs();
      const files = [
        { bytes: randomBytes(60_000), name: 'a.bin' },
        { bytes: randomBytes(60_000), name: 'b.bin' },
      ];
      const refused = await uploadMany(server.url, files);
      expect(refused.status).toBe(413);
      expect(refused.body).toMatchObject({
        detail: messages.filesTooLargeDetail(formatBytesCompact(maxBytes)),
      });
      expect(await rowsAndBlobs()).toEqual(before);
    });

    it('refuses more files than MAX_FILES_PER_SHARE', async () => {
      const before = await rowsAndBlobs();
      const files = Array.from({ length: maxFiles + 1 }, (_, i) => ({
        bytes: Buffer.from(`file ${i}`),
        name: `f${i}.txt`,
      }));
      const refused = await uploadMany(server.url, files);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ detail: messages.tooManyFiles(maxFiles) });
      expect(await rowsAndBlobs()).toEqual(before);
    });

    it('drops the stored files when the body breaks off in a later file', async () => {
      const before = await rowsAndBlobs();
      const boundary = 'bundle-boundary';
      const part = (name: string, body: string) =>
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\n` +
        `content-type: text/plain\r\n\r\n${body}\r\n`;
      const body =
        `--${boundary}\r\ncontent-disposition: form-data; name="maxDownloads"\r\n\r\n3\r\n` +
        part('first.txt', 'complete') +
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="second.txt"\r\n\r\nhalf of it`;
      const response = await fetch(`${server.url}/api/files`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ detail: messages.uploadMalformed });
      expect(await rowsAndBlobs()).toEqual(before);
    });

    it('refuses a part of another name after the files', async () => {
      const before = await rowsAndBlobs();
      const form = new FormData();
      form.append('maxDownloads', '3');
      form.append('file', new Blob(['one']), 'one.txt');
      form.append('attachment', new Blob(['two']), 'two.txt');
      const response = await fetch(`${server.url}/api/files`, { method: 'POST', body: form });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ detail: messages.filesField });
      expect(await rowsAndBlobs()).toEqual(before);
    });
  });
});
