import { createHash, randomBytes } from 'node:crypto';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptedSize } from '@codedrop/crypto';
import { createS3Client } from '../../src/infra/blob/s3-client.js';
import { sweepOrphanBlobs } from '../../src/modules/sweeper/orphan-sweep.js';
import { storedFilesOf } from '../../src/modules/files/stored-files.js';
import { servedInProcess, startTestApp, http, type TestApp } from '../support/app.js';
import { TestClock } from '../support/clock.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { fakeEncryptedShare } from '../support/envelopes.js';
import { absolute, storageEnv, testBackends } from '../support/files.js';
import {
  createUpload,
  deleteUpload,
  headUpload,
  patchChunk,
  patchCutOff,
  patchHalfSent,
  patchInTwo,
  tusMetadata,
} from '../support/tus.js';

const combos = testBackends();

const MiB = 1024 * 1024;
/** The smallest chunk the server allows (S3's part floor), to keep the suite quick. */
const chunkBytes = 5 * MiB;
const maxFileBytes = 20 * MiB;
const stallSeconds = 600;

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(combos)('resumable uploads (tus) on %s + %s storage', (dialect, storage) => {
  let database: TestDatabase;
  let store: Awaited<ReturnType<typeof storageEnv>>;
  const clock = new TestClock();
  const servers: TestApp[] = [];
  let server: TestApp;
  const env = () => ({
    RATE_LIMIT_DISABLED: 'true',
    MAX_FILE_BYTES: String(maxFileBytes),
    UPLOAD_CHUNK_BYTES: String(chunkBytes),
    UPLOAD_STALL_SECONDS: String(stallSeconds),
    ...store.env,
  });
  const start = async () => {
    const started = await startTestApp(database, { clock, env: env() });
    servers.push(started);
    return started;
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await storageEnv(storage);
    server = await start();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close().catch(() => undefined)));
    await store?.close();
    await database?.drop();
  });

  const lookup = (code: string, on = server) =>
    http<Record<string, unknown>>(on.url, `/api/shares/${code}`);
  const download = async (code: string) => {
    const grant = await http<{ downloadUrls: { url: string }[]; code?: string }>(
      server.url,
      `/api/shares/${code}/downloads`,
      { method: 'POST', json: {} },
    );
    if (grant.status !== 200) return { status: grant.status, body: grant.body, bytes: null };
    // A kept-alive socket after a file download holds app.close() (seen with every route
    // that serves a file, not only these): the test closes it with the answer.
    const response = await fetch(absolute(server.url, grant.body.downloadUrls[0]!.url), {
      headers: { connection: 'close' },
    });
    return { status: 200, body: grant.body, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  /** Waits until a request holds the upload (`held`) or none does (it finished writing). */
  async function locked(url: string, held: boolean) {
    // By the clock, not a count of polls: a loaded machine answers each poll slower.
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      const row = await server.app.db.kysely
        .selectFrom('upload_locks')
        .select('id')
        .where('id', '=', idOf(url))
        .executeTakeFirst();
      if ((row !== undefined) === held) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(held ? 'the upload was never locked' : 'the upload stayed locked');
  }
  const cutOff = async (url: string, bytes: Uint8Array, sent: number) => {
    await patchCutOff(url, 0, bytes.subarray(0, chunkBytes), sent, () => locked(url, true));
    await locked(url, false);
  };
  const idOf = (url: string) => decodeURIComponent(url.split('/').pop()!);
  /** S3: the keys of the multipart uploads the bucket holds open (local disk: 'none'). */
  async function openMultipartUploads(): Promise<string[]> {
    if (store.s3 === undefined) return ['none'];
    const client = createS3Client(store.s3);
    try {
      const page = await client.send(new ListMultipartUploadsCommand({ Bucket: store.s3.bucket }));
      return (page.Uploads ?? []).map(({ Key }) => Key!);
    } finally {
      client.destroy();
    }
  }
  async function blobExists(key: string) {
    return server.app.blobs.stat(key).then(
      () => true,
      () => false,
    );
  }

  /** The SHA-256 the share keeps for the block list. */
  async function storedHash(code: string) {
    const row = await server.app.db.kysely
      .selectFrom('shares')
      .select('files')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    return storedFilesOf(row)[0]?.sha256;
  }
  /** Counts the reads of stored objects on `instance` while `run` runs. */
  async function countReads(instance: TestApp, run: () => Promise<void>) {
    const blobs = instance.app.blobs;
    const get = blobs.get.bind(blobs);
    let reads = 0;
    blobs.get = (...args: Parameters<typeof get>) => {
      reads++;
      return get(...args);
    };
    try {
      await run();
    } finally {
      blobs.get = get;
    }
    return reads;
  }

  it('creates the share at once, reports progress, refuses downloads until every byte is stored', async () => {
    const bytes = randomBytes(chunkBytes + 2 * MiB + 123);
    const created = await createUpload(server.url, bytes.length, {
      filename: 'video.mp4',
      filetype: 'video/mp4',
      maxDownloads: '3',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    expect(created.headers.get('location')).toMatch(/^\/api\/uploads\/[0-9]+-[0-9a-f]{16}\.mp4$/);
    expect(created.code).toMatch(/^\d{4,6}$/);
    expect(created.body).toMatchObject({
      code: created.code,
      maxDownloads: 3,
      files: [{ name: 'video.mp4', size: bytes.length }],
    });
    expect(created.body).not.toHaveProperty('fileName');
    expect(created.headers.get('codedrop-delete-token')).toBe(created.body.deleteToken);

    const before = await lookup(created.code);
    expect(before.body).toMatchObject({
      status: 'uploading',
      upload: { receivedBytes: 0, totalBytes: bytes.length },
      files: [{ name: 'video.mp4', size: bytes.length, type: 'video/mp4' }],
    });
    const early = await download(created.code);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'SHARE_UPLOADING' });

    const first = await patchChunk(created.url, 0, bytes.subarray(0, chunkBytes));
    expect(first.status).toBe(204);
    expect(first.offset).toBe(chunkBytes);
    expect((await lookup(created.code)).body).toMatchObject({
      status: 'uploading',
      upload: { receivedBytes: chunkBytes, totalBytes: bytes.length },
    });
    // Every chunk came to this process: the hash was taken as they streamed in, and the
    // finished object is not read again.
    const reads = await countReads(server, async () => {
      const last = await patchChunk(created.url, chunkBytes, bytes.subarray(chunkBytes));
      expect(last.offset).toBe(bytes.length);
    });
    expect(reads).toBe(0);
    expect(await storedHash(created.code)).toBe(sha(bytes));

    const after = await lookup(created.code);
    expect(after.body).toMatchObject({ status: 'ready' });
    expect(after.body).not.toHaveProperty('upload');
    expect(await headUpload(created.url)).toMatchObject({
      status: 200,
      offset: bytes.length,
      length: bytes.length,
    });
    const got = await download(created.code);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ downloadCount: 1, maxDownloads: 3 });
    expect(sha(got.bytes!)).toBe(sha(bytes));
    // A finished upload is a share now: it ends with its delete token, not tus termination.
    expect((await deleteUpload(created.url)).status).toBe(400);
  });

  it('resumes after the connection dies mid-chunk, keeping every byte that arrived', async () => {
    const bytes = randomBytes(chunkBytes + 3 * MiB);
    const created = await createUpload(server.url, bytes.length);
    await cutOff(created.url, bytes, 3 * MiB);
    const { offset } = await headUpload(created.url);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(3 * MiB);
    // The client resumes from the server's offset, in chunks again.
    let at = offset;
    while (at < bytes.length) {
      const next = await patchChunk(created.url, at, bytes.subarray(at, at + chunkBytes));
      expect(next.status).toBe(204);
      at = next.offset;
    }
    expect(await storedHash(created.code)).toBe(sha(bytes));
    const got = await download(created.code);
    expect(sha(got.bytes!)).toBe(sha(bytes));
  });

  it('continues on a restarted server and across two instances taking alternate chunks', async () => {
    const bytes = randomBytes(3 * chunkBytes + 1000);
    const created = await createUpload(server.url, bytes.length);
    await patchChunk(created.url, 0, bytes.subarray(0, chunkBytes));

    // The instance that took the first chunk stops; a new one (same database, store) goes on.
    await server.close();
    server = await start();
    const other = await start();
    const on = (instance: TestApp) => new URL(new URL(created.url).pathname, instance.url).href;
    expect(await headUpload(on(server))).toMatchObject({ offset: chunkBytes });
    let at = chunkBytes;
    // No process saw every chunk: the one that takes the last reads the object once to hash it.
    const reads = await countReads(other, async () => {
      for (const instance of [other, server, other]) {
        const next = await patchChunk(on(instance), at, bytes.subarray(at, at + chunkBytes));
        expect(next.status).toBe(204);
        at = next.offset;
      }
    });
    // Only in-process can the test watch the serving instance's blob store.
    if (servedInProcess) expect(reads).toBe(1);
    expect(at).toBe(bytes.length);
    expect(await storedHash(created.code)).toBe(sha(bytes));
    expect((await lookup(created.code, other)).body).toMatchObject({ status: 'ready' });
    const got = await download(created.code);
    expect(sha(got.bytes!)).toBe(sha(bytes));
  });

  it('refuses what is too large before storing a byte of it', async () => {
    const tooBig = await createUpload(server.url, maxFileBytes + 1);
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(tooBig.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(tooBig.code).toBe('');

    const created = await createUpload(server.url, 100);
    // More than the declared size: refused before the store, nothing written.
    const over = await patchChunk(created.url, 0, randomBytes(101));
    expect(over.status).toBe(413);
    expect(await headUpload(created.url)).toMatchObject({ offset: 0 });
    // A chunk past UPLOAD_CHUNK_BYTES, whatever the file's size.
    const big = await createUpload(server.url, chunkBytes + 1);
    const tooLong = await patchChunk(big.url, 0, randomBytes(chunkBytes + 1));
    expect(tooLong.status).toBe(413);
    expect(tooLong.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await headUpload(big.url)).toMatchObject({ offset: 0 });
  });

  it('answers every mistake with a problem', async () => {
    const noLength = await createUpload(server.url, 0, undefined, { 'upload-length': 'ten' });
    expect(noLength.status).toBe(400);
    expect(noLength.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const deferred = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-defer-length': '1',
        'upload-metadata': tusMetadata({ filename: 'a', maxDownloads: '1' }),
      },
    });
    expect(deferred.status).toBe(400);
    const noDownloads = await createUpload(server.url, 10, { filename: 'a.txt' });
    expect(noDownloads.status).toBe(400);
    expect(noDownloads.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const badMeta = await createUpload(server.url, 10, {}, { 'upload-metadata': 'a b c d' });
    expect(badMeta.status).toBe(400);
    const noName = await createUpload(server.url, 10, { maxDownloads: '1' });
    expect(noName.status).toBe(400);

    const created = await createUpload(server.url, 10);
    const wrongOffset = await patchChunk(created.url, 5, randomBytes(5));
    expect(wrongOffset.status).toBe(409);
    expect(wrongOffset.body).toMatchObject({ code: 'UPLOAD_OFFSET_MISMATCH' });
    const unknown = await patchChunk(
      `${server.url}/api/uploads/1-0123456789abcdef`,
      0,
      randomBytes(5),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    const noTus = await fetch(created.url, {
      method: 'PATCH',
      headers: {
        'codedrop-upload-secret': created.secret,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: randomBytes(5),
    });
    expect(noTus.status).toBe(400);
    expect(noTus.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('binds an upload to its creator: HEAD, PATCH and DELETE need the secret it was made with', async () => {
    const bytes = randomBytes(1000);
    const created = await createUpload(server.url, bytes.length);
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = await createUpload(server.url, bytes.length);
    // The URL alone (as a log or a proxy might show it) is no capability: every wrong
    // secret is answered as an upload that does not exist.
    for (const secret of [null, '', 'x'.repeat(43), other.secret, `${created.secret}x`]) {
      expect(await headUpload(created.url, secret)).toMatchObject({ status: 404 });
      const patched = await patchChunk(created.url, 0, bytes, secret);
      expect(patched.status).toBe(404);
      expect(patched.body).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
      expect(await deleteUpload(created.url, secret)).toMatchObject({
        status: 404,
        body: { code: 'UPLOAD_NOT_FOUND' },
      });
    }
    expect(await headUpload(created.url)).toMatchObject({ status: 200, offset: 0 });
    expect((await patchChunk(created.url, 0, bytes)).status).toBe(204);
    expect((await lookup(created.code)).body).toMatchObject({ status: 'ready' });
    expect((await deleteUpload(other.url)).status).toBe(204);
  });

  it('answers 415 to a chunk or a creation sent as another type than offset+octet-stream', async () => {
    const created = await createUpload(server.url, 5);
    const secret = { 'codedrop-upload-secret': created.secret, 'tus-resumable': '1.0.0' };
    for (const type of ['text/plain', 'application/json', 'application/x-www-form-urlencoded']) {
      const patched = await fetch(created.url, {
        method: 'PATCH',
        headers: { ...secret, 'upload-offset': '0', 'content-type': type },
        body: type === 'application/json' ? '{"a":1}' : 'hello',
      });
      expect(patched.status).toBe(415);
      expect(patched.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await patched.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      const made = await fetch(`${server.url}/api/uploads`, {
        method: 'POST',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '5',
          'upload-metadata': tusMetadata({ filename: 'a.txt', maxDownloads: '1' }),
          'content-type': type,
        },
        body: type === 'application/json' ? '{"a":1}' : 'hello',
      });
      expect(made.status).toBe(415);
      expect(await made.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(made.headers.get('codedrop-code')).toBeNull();
    }
    expect(await headUpload(created.url)).toMatchObject({ status: 200, offset: 0 });
  });

  it('answers 410 to a chunk still streaming when its share is deleted', async () => {
    const bytes = randomBytes(chunkBytes);
    // A chunk in the middle, and the last chunk (whose end would finish the upload).
    for (const rest of [MiB, 0]) {
      const created = await createUpload(server.url, bytes.length + rest);
      const answer = await patchInTwo(
        created.url,
        bytes,
        () => locked(created.url, true),
        async () => {
          const deleted = await http(server.url, `/api/shares/${created.code}`, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${String(created.body.deleteToken)}` },
          });
          expect(deleted.status).toBe(204);
        },
      );
      expect(answer.status).toBe(410);
      expect(answer.contentType).toMatch(/^application\/problem\+json/);
      expect(answer.body).toMatchObject({ code: 'SHARE_DELETED' });
      expect(await headUpload(created.url)).toMatchObject({ status: 404 });
      expect(await blobExists(idOf(created.url))).toBe(false);
    }
    // Two uploads, each waiting up to `locked`'s deadline: more than the default on a loaded CI.
  }, 60_000);

  it('closes the connection of a chunk it answers before reading it whole', async () => {
    const created = await createUpload(server.url, chunkBytes);
    const deleted = await http(server.url, `/api/shares/${created.code}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${String(created.body.deleteToken)}` },
    });
    expect(deleted.status).toBe(204);
    // Kept alive, the unread half would be read as the next request on the connection.
    expect(await patchHalfSent(created.url, randomBytes(chunkBytes))).toEqual({
      status: 410,
      connection: 'close',
    });
  });

  it('finishes a zero-length upload at once', async () => {
    const created = await createUpload(server.url, 0, {
      filename: 'empty.txt',
      filetype: 'text/plain',
      maxDownloads: '2',
    });
    expect(created.status).toBe(201);
    expect((await lookup(created.code)).body).toMatchObject({ status: 'ready' });
    expect(await headUpload(created.url)).toMatchObject({ status: 200, offset: 0, length: 0 });
    const got = await download(created.code);
    expect(got.status).toBe(200);
    expect(got.bytes).toHaveLength(0);
  });

  it('cleans the file name in Upload-Metadata as every other door does', async () => {
    for (const [sent, kept] of [
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\windows\\win.ini', 'win.ini'],
      ['in\u200Bvoice\u2060.pdf\uFEFF', 'invoice.pdf'],
      ['report\u202Efdp.exe', 'reportfdp.exe'],
    ]) {
      const created = await createUpload(server.url, 3, { filename: sent!, maxDownloads: '1' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ files: [{ name: kept }] });
    }
    for (const nothing of ['../..', '/', '\u200B']) {
      const refused = await createUpload(server.url, 3, { filename: nothing, maxDownloads: '1' });
      expect(refused.status).toBe(400);
    }
  });

  if (storage === 'local') {
    it('writes an unfinished upload owner-only (0600), like every stored file', async () => {
      const created = await createUpload(server.url, chunkBytes + 10);
      const file = join(database.dataDir, 'blobs', idOf(created.url));
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      await patchChunk(created.url, 0, randomBytes(chunkBytes));
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    });
  }

  it('keeps the envelope and verifier only in the share, and checks an encrypted length', async () => {
    const share = fakeEncryptedShare();
    const fields = {
      filename: 'encrypted_file',
      filetype: 'application/octet-stream',
      maxDownloads: '2',
      encryptedPayload: JSON.stringify(share.encryptedPayload),
      authVerifier: share.authVerifier,
    };
    const impossible = await createUpload(server.url, 13, fields);
    expect(impossible.status).toBe(400);
    const length = encryptedSize(3 * MiB);
    const created = await createUpload(server.url, length, fields);
    expect(created.status).toBe(201);
    expect((await lookup(created.code)).body).toMatchObject({
      status: 'uploading',
      isEncrypted: true,
      upload: { receivedBytes: 0, totalBytes: length },
    });
    const record = await server.app.db.kysely
      .selectFrom('uploads')
      .select('info')
      .where('id', '=', idOf(created.url))
      .executeTakeFirstOrThrow();
    expect(record.info).not.toContain(share.authVerifier);
    expect(record.info).not.toContain(Buffer.from(share.authVerifier).toString('base64'));
    expect(record.info).not.toContain('encryptedPayload');
    // Past MAX_FILE_BYTES of plaintext, however it is encrypted.
    const tooBig = await createUpload(server.url, encryptedSize(maxFileBytes + 1), fields);
    expect(tooBig.status).toBe(413);
  });

  it('is left alone by the orphan sweep while it runs, however long it takes', async () => {
    const bytes = randomBytes(chunkBytes + MiB);
    const created = await createUpload(server.url, bytes.length);
    await patchChunk(created.url, 0, bytes.subarray(0, chunkBytes));
    // Two hours on: older than any orphan, but its share still owns it.
    const later = new Date(Date.now() + 2 * 3_600_000);
    await sweepOrphanBlobs(server.app.db.kysely, server.app.blobs, later);
    expect(await openMultipartUploads()).toContain(storage === 's3' ? idOf(created.url) : 'none');
    const last = await patchChunk(created.url, chunkBytes, bytes.subarray(chunkBytes));
    expect(last.status).toBe(204);
    expect(sha((await download(created.code)).bytes!)).toBe(sha(bytes));
  });

  it('reclaims a stalled upload like an expired share, and a deleted one at once', async () => {
    const bytes = randomBytes(chunkBytes + MiB);
    // Its first chunk whole, then nothing: an upload stalls by making no progress. (A chunk
    // cut off mid-way is the resume test's; here it only raced the lock poll on two workers.)
    const stalled = await createUpload(server.url, bytes.length);
    expect((await patchChunk(stalled.url, 0, bytes.subarray(0, chunkBytes))).status).toBe(204);
    const deleted = await createUpload(server.url, bytes.length);
    await patchChunk(deleted.url, 0, bytes.subarray(0, chunkBytes));

    const gone = await http(server.url, `/api/shares/${deleted.code}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${String(deleted.body.deleteToken)}` },
    });
    expect(gone.status).toBe(204);
    expect(await headUpload(deleted.url)).toMatchObject({ status: 404 });
    expect(await blobExists(idOf(deleted.url))).toBe(false);

    // Progress keeps an upload alive; none for UPLOAD_STALL_SECONDS abandons it.
    clock.advance(stallSeconds - 10);
    await server.app.sweeper.runOnce();
    expect((await lookup(stalled.code)).body).toMatchObject({ status: 'uploading' });
    clock.advance(20);
    await server.app.sweeper.runOnce();
    expect((await lookup(stalled.code)).status).toBe(404);
    expect(await headUpload(stalled.url)).toMatchObject({ status: 404 });
    expect(await blobExists(idOf(stalled.url))).toBe(false);
    const records = await server.app.db.kysely
      .selectFrom('uploads')
      .select('id')
      .where('id', 'in', [idOf(stalled.url), idOf(deleted.url)])
      .execute();
    expect(records).toEqual([]);
    if (storage === 's3') {
      // The part its first chunk stored is gone too.
      const listed: string[] = [];
      const { ListObjectsCommand, S3Client } = await import('@aws-sdk/client-s3');
      const client = new S3Client({
        endpoint: store.env.S3_ENDPOINT,
        region: store.env.S3_REGION!,
        forcePathStyle: true,
        credentials: {
          accessKeyId: store.env.S3_ACCESS_KEY_ID!,
          secretAccessKey: store.env.S3_SECRET_ACCESS_KEY!,
        },
      });
      const page = await client.send(new ListObjectsCommand({ Bucket: store.env.S3_BUCKET! }));
      for (const object of page.Contents ?? []) listed.push(object.Key!);
      expect(listed.filter((key) => key.includes(idOf(stalled.url)))).toEqual([]);
      // Its multipart upload was aborted, and the deleted share's with it.
      expect(await openMultipartUploads()).not.toContain(idOf(stalled.url));
      expect(await openMultipartUploads()).not.toContain(idOf(deleted.url));
    }
  });
});
