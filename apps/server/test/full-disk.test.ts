import { request as httpRequest, type IncomingMessage } from 'node:http';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { messages } from '@codedrop/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { http, startTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, testDialects, type TestDialect } from './support/databases.js';
import { upload } from './support/files.js';
import { mountSmallDisk, type SmallDisk } from './support/small-disk.js';
import { createUpload, deleteUpload, headUpload, patchChunk } from './support/tus.js';

const MiB = 1024 * 1024;
const canMount = mountSmallDisk(MiB);
canMount?.unmount();
// In CI nothing is skipped: a machine where the suite cannot mount its small disk fails.
if (canMount === null && process.env.CI === 'true') {
  throw new Error('full-disk.test.ts needs to mount a tmpfs (run as root)');
}

interface FullDiskServer {
  server: TestApp;
  disk: SmallDisk;
  blobs: () => Promise<string[]>;
}

/** The app with DATA_DIR (and, on SQLite, the database) on a small disk of its own. */
async function onSmallDisk(
  dialect: TestDialect,
  reserve: number,
  cleanups: Array<() => Promise<void>>,
): Promise<FullDiskServer> {
  const disk = mountSmallDisk(48 * MiB)!;
  cleanups.push(async () => disk.unmount());
  const database = await createTestDatabase(dialect);
  cleanups.push(() => database.drop());
  const url = dialect === 'sqlite' ? `sqlite:${join(disk.dir, 'codedrop.db')}` : database.url;
  const server = await startTestApp(
    { ...database, url, dataDir: disk.dir },
    {
      env: {
        RATE_LIMIT_DISABLED: 'true',
        HEALTH_MIN_FREE_BYTES: String(reserve),
        MAX_FILE_BYTES: String(40 * MiB),
        UPLOAD_CHUNK_BYTES: String(5 * MiB),
      },
    },
  );
  cleanups.unshift(() => server.close());
  return { server, disk, blobs: () => readdir(join(disk.dir, 'blobs')) };
}

const bytesOf = (size: number, seed: number) => {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * seed) % 251;
  return bytes;
};

/**
 * Sends a request's head and the first `first` bytes of `body`, waits for `between` (the
 * server is writing), then the rest; resolves with the answer.
 */
function sentInTwo(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Buffer,
  first: number,
  between: () => Promise<void>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method,
      headers: { ...headers, 'content-length': String(body.length) },
    });
    request.on('error', reject);
    request.on('response', (response: IncomingMessage) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        resolve({ status: response.statusCode ?? 0, body: text === '' ? {} : JSON.parse(text) });
      });
    });
    request.write(body.subarray(0, first));
    between().then(
      () => request.end(body.subarray(first)),
      (error: unknown) => {
        request.destroy();
        reject(error as Error);
      },
    );
  });
}

async function waitFor(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(canMount === null).each(testDialects())('a full data disk on %s', (dialect) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
  });

  it('refuses upload bytes with 507 before the reserve, and deletes and serves when full', async () => {
    const reserve = 8 * MiB;
    const { server, disk, blobs } = await onSmallDisk(dialect, reserve, cleanups);
    const base = server.url;
    const keptBytes = bytesOf(MiB, 7);
    const kept = await upload(base, { bytes: keptBytes, name: 'kept.bin' });
    const doomed = await upload(base, { bytes: bytesOf(MiB, 11), name: 'doomed.bin' });
    expect([kept.status, doomed.status]).toEqual([201, 201]);
    const resumable = await createUpload(base, 10 * MiB);
    expect((await patchChunk(resumable.url, 0, bytesOf(5 * MiB, 13))).status).toBe(204);

    let last = 201;
    let refused: Record<string, unknown> = {};
    for (let i = 0; i < 20 && last === 201; i++) {
      const res = await upload(base, { bytes: bytesOf(4 * MiB, i + 17), name: `fill-${i}.bin` });
      last = res.status;
      refused = res.body;
    }
    expect(last).toBe(507);
    expect(refused).toMatchObject({ code: 'INSUFFICIENT_STORAGE', detail: messages.storageFull });
    expect(await disk.free()).toBeGreaterThanOrEqual(reserve);
    // A chunk past the reserve is refused before a byte of it is stored.
    const chunk = await patchChunk(resumable.url, 5 * MiB, bytesOf(5 * MiB, 19));
    expect(chunk.status).toBe(507);
    expect((await headUpload(resumable.url)).offset).toBe(5 * MiB);
    expect((await blobs()).filter((name) => name.endsWith('.partial'))).toEqual([]);

    // Now something else takes the rest: the disk is full to the last byte.
    await disk.fill(0);
    const deleted = await http(base, `/api/shares/${doomed.body.code as string}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${doomed.body.deleteToken as string}` },
    });
    expect(deleted.status).toBe(204);
    expect((await deleteUpload(resumable.url)).status).toBe(204);
    expect((await headUpload(resumable.url)).status).toBe(404);

    const grant = await http<{ downloadUrls: { url: string }[] }>(
      base,
      `/api/shares/${kept.body.code as string}/downloads`,
      { method: 'POST', json: {} },
    );
    expect(grant.status).toBe(200);
    // Its own connection: a kept-alive one would hold the app's close for its idle timeout.
    const file = await fetch(new URL(grant.body.downloadUrls[0]!.url, base), {
      headers: { connection: 'close' },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(keptBytes)).toBe(true);
  }, 60_000);

  it('removes the bytes of a write the disk ran out under, answers 507, and /healthz knows', async () => {
    const { server, disk, blobs } = await onSmallDisk(dialect, MiB, cleanups);
    const base = server.url;
    let filler: { release(): void } | undefined;
    const fillWhileWriting = (path: () => Promise<number>) => async () => {
      await waitFor(async () => (await path()) > 0, 'the server writing');
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      filler = await disk.fill(0);
    };

    const resumable = await createUpload(base, 12 * MiB);
    const id = new URL(resumable.url).pathname.split('/').pop()!;
    const tusFile = async () => (await stat(join(disk.dir, 'blobs', id))).size;
    const chunk = await sentInTwo(
      resumable.url,
      'PATCH',
      {
        'tus-resumable': '1.0.0',
        'codedrop-upload-secret': resumable.secret,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      bytesOf(5 * MiB, 23),
      256 * 1024,
      fillWhileWriting(tusFile),
    );
    expect(chunk).toMatchObject({ status: 507, body: { code: 'INSUFFICIENT_STORAGE' } });
    const health = await http<{ checks: Record<string, string> }>(base, '/healthz');
    expect(health.status).toBe(503);
    expect(await tusFile()).toBe(0);
    expect((await headUpload(resumable.url)).offset).toBe(0);
    filler!.release();

    // The same for a classic upload: nothing of it is left.
    const boundary = 'full-disk';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="maxDownloads"\r\n\r\n5\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const body = Buffer.concat([
      head,
      bytesOf(20 * MiB, 29),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const partialSize = async () => {
      const partial = (await blobs()).find((name) => name.endsWith('.partial'));
      return partial === undefined ? 0 : (await stat(join(disk.dir, 'blobs', partial))).size;
    };
    await new Promise((resolve) => setTimeout(resolve, 1_600)); // past the health answer's cache
    const classic = await sentInTwo(
      `${base}/api/files`,
      'POST',
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      head.length + 256 * 1024,
      fillWhileWriting(partialSize),
    );
    expect(classic).toMatchObject({ status: 507, body: { code: 'INSUFFICIENT_STORAGE' } });
    expect((await fetch(`${base}/healthz`)).status).toBe(503);
    expect((await blobs()).filter((name) => name.endsWith('.partial'))).toEqual([]);
    filler!.release();
  }, 60_000);
});
