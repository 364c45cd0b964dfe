import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanBlobs } from '../../src/modules/sweeper/orphan-sweep.js';
import { http, startTestApp, type TestApp } from '../support/app.js';
import { TestClock } from '../support/clock.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { storageEnv, testBackends } from '../support/files.js';
import { createRequest, filesSubmissionHeader } from '../support/requests.js';
import { createUpload, deleteUpload, headUpload, patchChunk } from '../support/tus.js';

const combos = testBackends();
const MiB = 1024 * 1024;
/** The smallest chunk the server allows (S3's part floor). */
const chunkBytes = 5 * MiB;
const stallSeconds = 600;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(combos)('submissions with files on %s + %s storage', (dialect, storage) => {
  let database: TestDatabase;
  let store: Awaited<ReturnType<typeof storageEnv>>;
  let server: TestApp;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await storageEnv(storage);
    server = await startTestApp(database, {
      clock,
      env: {
        RATE_LIMIT_DISABLED: 'true',
        MAX_FILE_BYTES: String(20 * MiB),
        UPLOAD_CHUNK_BYTES: String(chunkBytes),
        UPLOAD_STALL_SECONDS: String(stallSeconds),
        ...store.env,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await database?.drop();
  });

  /** Begins the upload of a submission's files (their streams, here random bytes). */
  const begin = async (request: { code: string; publicKey: unknown }, length: number) =>
    createUpload(server.url, length, {
      request: request.code,
      header: JSON.stringify(await filesSubmissionHeader(request.publicKey, [length - 100])),
    });
  const pickup = async (request: { code: string; authKey: string }) => {
    const unlocked = await http<{ pickupToken: string }>(
      server.url,
      `/api/requests/${request.code}/unlock`,
      { method: 'POST', json: { authKey: request.authKey } },
    );
    return { authorization: `Bearer ${unlocked.body.pickupToken}` };
  };
  const listed = async (code: string, auth: Record<string, string>) =>
    (
      await http<{ submissions: Array<{ id: string; hasFile: boolean; storedBytes: number }> }>(
        server.url,
        `/api/requests/${code}/submissions`,
        { headers: auth },
      )
    ).body.submissions;
  const blobUrl = (code: string, id: string) =>
    `${server.url}/api/requests/${code}/submissions/${id}/blob`;
  const blobKeyOf = async (id: string) =>
    (
      await server.app.db.kysely
        .selectFrom('submissions')
        .select('blob_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).blob_key!;
  const blobExists = (key: string) =>
    server.app.blobs.stat(key).then(
      () => true,
      () => false,
    );

  it('takes the files through tus, lists them once complete, and serves them with Range', async () => {
    const request = await createRequest(server.url);
    const bytes = randomBytes(chunkBytes + 4096);
    const created = await begin(request, bytes.length);
    expect(created.status).toBe(201);
    const id = created.headers.get('codedrop-submission')!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const auth = await pickup(request);
    const first = await patchChunk(created.url, 0, bytes.subarray(0, chunkBytes));
    expect(first.status).toBe(204);
    // Still uploading: not listed, not served.
    expect(await listed(request.code, auth)).toEqual([]);
    expect((await fetch(blobUrl(request.code, id), { headers: auth })).status).toBe(404);
    const last = await patchChunk(created.url, chunkBytes, bytes.subarray(chunkBytes));
    expect(last.status).toBe(204);
    expect(await listed(request.code, auth)).toMatchObject([
      { id, hasFile: true, storedBytes: bytes.length },
    ]);
    const whole = await fetch(blobUrl(request.code, id), { headers: auth });
    expect(whole.status).toBe(200);
    expect(sha(new Uint8Array(await whole.arrayBuffer()))).toBe(sha(bytes));
    const part = await fetch(blobUrl(request.code, id), {
      headers: { ...auth, range: 'bytes=100-199' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const outside = await fetch(blobUrl(request.code, id), {
      headers: { ...auth, range: `bytes=${bytes.length}-` },
    });
    expect(outside.status).toBe(416);
    expect((await fetch(blobUrl(request.code, id))).status).toBe(403);
  });

  it('refuses files to a request for text only, and a submission with share fields', async () => {
    const textOnly = await createRequest(server.url, { accepts: { files: false, text: true } });
    const refused = await begin(textOnly, 1000);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'REQUEST_NOT_ACCEPTING' });
    const request = await createRequest(server.url);
    const mixed = await createUpload(server.url, 1000, {
      request: request.code,
      header: JSON.stringify(await filesSubmissionHeader(request.publicKey, [900])),
      maxDownloads: '3',
    });
    expect(mixed.status).toBe(400);
    const tampered = await createUpload(server.url, 1000, {
      request: request.code,
      header: JSON.stringify({ v: 1, alg: 'AES-256-GCM' }),
    });
    expect(tampered.status).toBe(400);
  });

  it('a running upload holds its slot; giving it up frees the slot and its bytes', async () => {
    const request = await createRequest(server.url, { maxSubmissions: 1 });
    const first = await begin(request, 2000);
    expect(first.status).toBe(201);
    const key = await blobKeyOf(first.headers.get('codedrop-submission')!);
    expect((await patchChunk(first.url, 0, randomBytes(1000))).status).toBe(204);
    const second = await begin(request, 2000);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'REQUEST_FULL' });
    expect((await deleteUpload(first.url)).status).toBe(204);
    expect(await blobExists(key)).toBe(false);
    expect((await begin(request, 2000)).status).toBe(201);
  });

  it('takes no more chunks once its request has expired', async () => {
    const request = await createRequest(server.url, { expiresInSeconds: 3600 });
    const created = await begin(request, 3000);
    expect((await patchChunk(created.url, 0, randomBytes(1000))).status).toBe(204);
    clock.advance(3600);
    const late = await patchChunk(created.url, 1000, randomBytes(2000));
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ code: 'SHARE_EXPIRED' });
  });

  it('a stalled upload is removed by the sweeper and its slot given back', async () => {
    const request = await createRequest(server.url, { maxSubmissions: 1 });
    const created = await begin(request, 3000);
    const view = () => http<{ open: boolean }>(server.url, `/api/requests/${request.code}`);
    expect((await view()).body.open).toBe(false);
    clock.advance(stallSeconds + 1);
    await server.app.sweeper.runOnce();
    expect((await view()).body.open).toBe(true);
    expect((await headUpload(created.url)).status).toBe(404);
  });

  it('the orphan sweep keeps a submission blob; ending the request releases it', async () => {
    const request = await createRequest(server.url);
    const bytes = randomBytes(5000);
    const created = await begin(request, bytes.length);
    expect((await patchChunk(created.url, 0, bytes)).status).toBe(204);
    const key = await blobKeyOf(created.headers.get('codedrop-submission')!);
    // Its blob's name is now over an hour old: only a submission's row owns it.
    clock.advance(2 * 3600);
    await sweepOrphanBlobs(server.app.db.kysely, server.app.blobs, clock.now());
    expect(await blobExists(key)).toBe(true);
    const again = await createRequest(server.url);
    const sent = await begin(again, bytes.length);
    expect((await patchChunk(sent.url, 0, bytes)).status).toBe(204);
    const againKey = await blobKeyOf(sent.headers.get('codedrop-submission')!);
    const ended = await http(server.url, `/api/shares/${again.code}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${again.deleteToken}` },
    });
    expect(ended.status).toBe(204);
    expect(await blobExists(againKey)).toBe(false);
  });
});

describe.each(testDialects())('submissions and the storage quota on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, {
      env: { RATE_LIMIT_DISABLED: 'true', MAX_STORAGE_BYTES: String(3 * MiB) },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it("counts a submission's bytes in MAX_STORAGE_BYTES", async () => {
    const request = await createRequest(server.url);
    const header = JSON.stringify(await filesSubmissionHeader(request.publicKey, [2 * MiB]));
    const fields = { request: request.code, header };
    const first = await createUpload(server.url, 2 * MiB, fields);
    expect(first.status).toBe(201);
    expect((await patchChunk(first.url, 0, randomBytes(2 * MiB))).status).toBe(204);
    // The quota's sum is read again after a second: from the rows, not from this process.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const second = await createUpload(server.url, 2 * MiB, fields);
    expect(second.status).toBe(507);
    expect(second.body).toMatchObject({ code: 'INSUFFICIENT_STORAGE' });
  });
});
