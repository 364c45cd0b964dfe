import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3BlobStore } from '../../src/infra/blob/s3.js';
import { createDb } from '../../src/infra/db/index.js';
import { loadConfig } from '../../src/config/config.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { storageEnv, testStorages } from '../support/files.js';
import { startServerProcess, type RunningServer } from '../support/server-process.js';

/** Writes `body` as a POST /api/files on its own socket and reads the status line (0 if none). */
function rawUpload(base: string, body: Buffer, contentType: string): Promise<number> {
  const { hostname, port } = new URL(base);
  const head =
    `POST /api/files HTTP/1.1\r\nhost: ${hostname}:${port}\r\nconnection: close\r\n` +
    `content-type: ${contentType}\r\ncontent-length: ${body.length}\r\n\r\n`;
  return new Promise((resolve) => {
    // No half-close: a server may drop a half-closed connection before it answers.
    const socket = connect(Number(port), hostname, () =>
      socket.write(Buffer.concat([Buffer.from(head), body])),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0));
    });
  });
}

const crlf = '\r\n';
function part(name: string, value: string, fileName?: string): string {
  const disposition =
    `Content-Disposition: form-data; name="${name}"` +
    (fileName === undefined ? '' : `; filename="${fileName}"`);
  return `--B${crlf}${disposition}${crlf}${crlf}${value}${crlf}`;
}
const valid = Buffer.from(
  part('maxDownloads', '3') + part('file', 'hello world, a small file', 'a.txt') + `--B--${crlf}`,
);

/** A seeded generator, so a failing batch can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

/** Truncations and garblings of a valid upload: the inputs that crashed or 500'd the server. */
function fuzzedBodies(count: number): Buffer[] {
  const next = random(42);
  const bodies: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const body = Buffer.from(valid);
    if (i % 2 === 0) {
      bodies.push(body.subarray(0, Math.floor(next() * body.length)));
    } else {
      for (let j = 0; j < 1 + Math.floor(next() * 6); j++) {
        body[Math.floor(next() * body.length)] = Math.floor(next() * 256);
      }
      bodies.push(body);
    }
  }
  return bodies;
}

describe.each(testStorages)(
  'hostile multipart bodies against a real process (%s storage)',
  (storage) => {
    let database: TestDatabase;
    let store: Awaited<ReturnType<typeof storageEnv>>;
    let server: RunningServer;
    let base: string;

    beforeAll(async () => {
      database = await createTestDatabase(testDialects()[0]!);
      store = await storageEnv(storage);
      server = await startServerProcess({
        WORKERS: '1',
        DATABASE_URL: database.url,
        RATE_LIMIT_DISABLED: 'true',
        ...store.env,
      });
      base = server.base;
    }, 30_000);
    afterAll(async () => {
      await server?.stop();
      await store?.close();
      await database?.drop();
    });

    /** No share row and no stored object: a refused upload leaves nothing behind. */
    async function nothingKept() {
      const db = createDb(
        loadConfig({ DATA_DIR: server.dataDir, DATABASE_URL: database.url }).database,
      );
      try {
        const rows = await db.kysely.selectFrom('shares').select('code').execute();
        expect(rows).toEqual([]);
      } finally {
        await db.close();
      }
      if (storage === 'local') expect(readdirSync(join(server.dataDir, 'blobs'))).toEqual([]);
      if (storage === 's3') {
        const keys: string[] = [];
        for await (const { key } of createS3BlobStore(store.s3!).list()) keys.push(key);
        expect(keys).toEqual([]);
      }
    }

    it('answers a body that ends while the store opens its file with 400, and stays up', async () => {
      const truncated = Buffer.from(
        part('maxDownloads', '3') +
          `--B${crlf}` +
          `Content-Disposition: form-data; name="file"; filename="a.txt"${crlf}${crlf}hello`,
      );
      for (let i = 0; i < 5; i++) {
        expect(await rawUpload(base, truncated, 'multipart/form-data; boundary=B')).toBe(400);
      }
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      await nothingKept();
    });

    it('answers a missing or wrong boundary with 400', async () => {
      expect(await rawUpload(base, valid, 'multipart/form-data')).toBe(400);
      expect(await rawUpload(base, valid, 'multipart/form-data; boundary=C')).toBe(400);
      expect(await rawUpload(base, Buffer.alloc(0), 'multipart/form-data; boundary=B')).toBe(400);
    });

    it('refuses a file part of another name after a file, and keeps neither', async () => {
      const two = Buffer.from(
        part('maxDownloads', '3') +
          part('file', 'one', 'a.txt') +
          part('attachment', 'two', 'b.txt') +
          `--B--${crlf}`,
      );
      expect(await rawUpload(base, two, 'multipart/form-data; boundary=B')).toBe(400);
      await nothingKept();
    });

    it('survives a fuzzed batch: every answer is below 500 and the server answers afterwards', async () => {
      const statuses = new Set<number>();
      const bodies = fuzzedBodies(120);
      for (let i = 0; i < bodies.length; i += 8) {
        const batch = bodies.slice(i, i + 8);
        for (const status of await Promise.all(
          batch.map((body) => rawUpload(base, body, 'multipart/form-data; boundary=B')),
        )) {
          statuses.add(status);
        }
      }
      expect([...statuses].filter((status) => status >= 500 || status === 0)).toEqual([]);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    }, 60_000);
  },
);
