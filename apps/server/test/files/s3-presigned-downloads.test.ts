import { randomBytes } from 'node:crypto';
import { parse as parseDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { storageEnv, upload } from '../support/files.js';

/** S3_PRESIGNED_DOWNLOADS=true: the browser fetches straight from the bucket. */
describe('presigned S3 downloads', () => {
  let database: TestDatabase;
  let store: Awaited<ReturnType<typeof storageEnv>>;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    store = await storageEnv('s3');
    server = await startTestApp(database, {
      env: { RATE_LIMIT_DISABLED: 'true', S3_PRESIGNED_DOWNLOADS: 'true', ...store.env },
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await database?.drop();
  });

  /** Takes a download of `code` and fetches the URL it hands out, which is the bucket's. */
  async function fromBucket(code: string) {
    const grant = await http<{ downloadUrls: { url: string }[] }>(
      server.url,
      `/api/shares/${code}/downloads`,
      {
        method: 'POST',
        json: {},
      },
    );
    expect(grant.body.downloadUrls[0]!.url.startsWith(store.s3!.endpoint)).toBe(true);
    return fetch(grant.body.downloadUrls[0]!.url);
  }

  it('hands out a bucket URL that serves the file as an attachment', async () => {
    const bytes = randomBytes(5000);
    const created = await upload(server.url, { bytes, name: 'direct.bin' });
    const response = await fromBucket(created.body.code as string);
    expect(response.status).toBe(200);
    expect(parseDisposition(response.headers.get('content-disposition')!)).toMatchObject({
      type: 'attachment',
      parameters: { filename: 'direct.bin' },
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('has the bucket serve a file as application/octet-stream, whatever type was declared', async () => {
    const body = '<script>document.title = "pwned"</script>';
    const created = await upload(server.url, {
      bytes: Buffer.from(body),
      name: 'page.html',
      type: 'text/html',
    });
    const response = await fromBucket(created.body.code as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(parseDisposition(response.headers.get('content-disposition')!).type).toBe('attachment');
    expect(await response.text()).toBe(body);
  });
});
