import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@codedrop/contract';
import { newBlobKey } from '../../src/infra/blob/keys.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { TestClock } from '../support/clock.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { twoPostgresInstances } from '../support/two-instances.js';
import { storageEnv, testStorages, upload } from '../support/files.js';
import { Readable } from 'node:stream';

describe.each(testStorages)('upload limits and leftovers (%s storage)', (storage) => {
  let database: TestDatabase;
  let server: TestApp;
  let store: Awaited<ReturnType<typeof storageEnv>>;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase(testDialects()[0]!);
    store = await storageEnv(storage);
    server = await startTestApp(database, {
      clock,
      env: { RATE_LIMIT_DISABLED: 'true', MAX_FILE_BYTES: String(1024 * 1024), ...store.env },
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await database?.drop();
  });

  async function leftovers() {
    const rows = await server.app.db.kysely
      .selectFrom('shares')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const blobs: string[] = [];
    for await (const { key } of server.app.blobs.list()) blobs.push(key);
    const files = storage === 'local' ? readdirSync(join(database.dataDir, 'blobs')) : [];
    return { rows: Number(rows.n), blobs, files };
  }

  it('cuts an over-limit upload off with 413 and keeps nothing of it', async () => {
    const res = await upload(server.url, { bytes: randomBytes(1024 * 1024 + 1), name: 'big.bin' });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(res.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      title: messages.fileTooLargeTitle,
      detail: 'Please select a file smaller than 1MB',
    });
    expect(await leftovers()).toEqual({ rows: 0, blobs: [], files: [] });
  });

  it('refuses a body declared far over the limit before reading it', async () => {
    const res = await upload(server.url, { bytes: randomBytes(8 * 1024 * 1024), name: 'huge.bin' });
    expect(res.status).toBe(413);
    expect(await leftovers()).toEqual({ rows: 0, blobs: [], files: [] });
  });

  it('accepts a file of exactly the limit', async () => {
    const res = await upload(server.url, { bytes: randomBytes(1024 * 1024), name: 'exact.bin' });
    expect(res.status).toBe(201);
    await server.app.db.kysely.deleteFrom('shares').execute();
    await server.app.blobs.delete(
      (await server.app.blobs.list()[Symbol.asyncIterator]().next()).value!.key,
    );
  });

  it('an upload the client abandons leaves no row and no blob', async () => {
    const boundary = '----codedrop-test';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="maxDownloads"\r\n\r\n5\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n';
    const url = new URL(`${server.url}/api/files`);
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + 900_000 + 100),
        },
      });
      req.on('error', () => resolve());
      req.write(head);
      Readable.from([randomBytes(300_000), randomBytes(300_000)]).on('data', (chunk) =>
        req.write(chunk),
      );
      const blobsDir = join(database.dataDir, 'blobs');
      const abandon = async () => {
        // On local storage, wait until the stream is demonstrably being written to disk,
        // so the test proves an in-flight upload is cleaned up (not one never started).
        for (let i = 0; storage === 'local' && i < 40; i++) {
          if (readdirSync(blobsDir).some((f) => f.endsWith('.partial'))) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        if (storage === 'local') {
          expect(readdirSync(blobsDir).some((f) => f.endsWith('.partial'))).toBe(true);
        } else await new Promise((r) => setTimeout(r, 300));
        req.destroy();
        resolve();
      };
      void abandon();
    });
    // The server notices the abort asynchronously; give it a moment to clean up.
    for (let i = 0; i < 50; i++) {
      const state = await leftovers();
      if (state.blobs.length === 0 && state.files.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await leftovers()).toEqual({ rows: 0, blobs: [], files: [] });
  });

  it('the sweeper deletes orphan blobs older than an hour, and only those', async () => {
    const now = clock.now().getTime();
    const orphanOld = newBlobKey('old.bin', now - 2 * 3_600_000);
    const orphanNew = newBlobKey('new.bin', now - 60_000);
    await server.app.blobs.put(orphanOld, Readable.from([Buffer.from('old')]));
    await server.app.blobs.put(orphanNew, Readable.from([Buffer.from('new')]));
    const live = await upload(server.url, { bytes: Buffer.from('live'), name: 'live.bin' });
    expect(live.status).toBe(201);
    clock.advance(2 * 3600);
    const result = await server.app.sweeper.runOnce({ orphans: true });
    expect(result.orphans).toBeGreaterThanOrEqual(2);
    const remaining = (await leftovers()).blobs;
    expect(remaining).not.toContain(orphanOld);
    expect(remaining).not.toContain(orphanNew);
    expect(remaining).toHaveLength(1);
  });
});

describe.runIf(testDialects().includes('postgres'))(
  'downloads across two instances on PostgreSQL',
  () => {
    const cluster = twoPostgresInstances();

    it('200 concurrent download requests against max 10: exactly 10 succeed', async () => {
      const servers = cluster.servers();
      const created = await upload(
        servers[0]!.url,
        { bytes: randomBytes(100), name: 'x.bin' },
        { maxDownloads: '10' },
      );
      const code = created.body.code as string;
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          fetch(`${servers[i % 2]!.url}/api/shares/${code}/downloads`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          }).then((r) => r.status),
        ),
      );
      expect(results.filter((s) => s === 200)).toHaveLength(10);
      expect(results.filter((s) => s === 410)).toHaveLength(190);
    });
  },
);
