import { request as httpRequest, type ClientRequest } from 'node:http';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBlobKey } from '../src/infra/blob/keys.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { resolveSecrets } from '../src/config/secrets.js';
import { TestClock } from './support/clock.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { freePort, runServer, waitHealthy, type ServerProcess } from './support/server-process.js';
import { createUpload, headUpload, patchChunk } from './support/tus.js';

const MiB = 1024 * 1024;

async function waitFor(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A request that has sent `sent` of its body and keeps the rest back: the server is mid-write. */
function halfSent(url: string, headers: Record<string, string>, sent: Buffer): ClientRequest {
  const request = httpRequest(url, { method: headers.method ?? 'POST', headers });
  request.on('error', () => undefined);
  request.write(sent);
  return request;
}

/** A classic POST /api/files whose file part has only begun to arrive. */
function classicUploadInProgress(base: string): ClientRequest {
  const boundary = 'crash-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="maxDownloads"\r\n\r\n5\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return halfSent(
    `${base}/api/files`,
    {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + 8 * MiB + 64),
    },
    Buffer.concat([head, Buffer.alloc(MiB, 7)]),
  );
}

describe.each(testDialects())('after a kill -9 on %s', (dialect) => {
  let database: TestDatabase;
  let env: Record<string, string>;
  let running: ServerProcess | null = null;
  const blobDir = () => join(database.dataDir, 'blobs');
  const partials = async () => (await readdir(blobDir())).filter((n) => n.endsWith('.partial'));

  async function start(): Promise<string> {
    const port = freePort();
    running = runServer({ ...env, PORT: port, HOST: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    if (!(await waitHealthy(base))) throw new Error(`no start:\n${running.output()}`);
    return base;
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: database.dataDir,
      WEB_DIST_DIR: '/nonexistent',
      RATE_LIMIT_DISABLED: 'true',
      // One process, so that the kill hits the writer itself. With workers (the default is
      // one per core) it hits the primary alone, and a worker still running its upload is
      // a live writer whose file the next start rightly keeps.
      WORKERS: '1',
    };
  });
  afterAll(async () => {
    running?.child.kill('SIGKILL');
    await running?.exited;
    await database?.drop();
  });

  it('resumes a cut upload within 2 s, keeps it, and removes the classic upload left half-written', async () => {
    let base = await start();
    const total = 4 * MiB;
    const bytes = Buffer.alloc(total);
    for (let i = 0; i < total; i++) bytes[i] = (i * 31) % 251;
    const created = await createUpload(base, total);
    expect(created.status).toBe(201);
    expect((await patchChunk(created.url, 0, bytes.subarray(0, MiB))).offset).toBe(MiB);

    // A second chunk is being written (its lease taken) and a classic upload is being
    // stored, when the process is killed.
    const id = new URL(created.url).pathname.split('/').pop()!;
    const patch = halfSent(
      created.url,
      {
        method: 'PATCH',
        'tus-resumable': '1.0.0',
        'codedrop-upload-secret': created.secret,
        'upload-offset': String(MiB),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(total - MiB),
      },
      bytes.subarray(MiB, 2 * MiB),
    );
    const classic = classicUploadInProgress(base);
    await waitFor(async () => (await stat(join(blobDir(), id))).size > MiB, 'the chunk written');
    await waitFor(async () => (await partials()).length > 0, 'the classic upload stored');
    const killed = running!.child.pid;
    running!.child.kill('SIGKILL');
    await running!.exited;
    patch.destroy();
    classic.destroy();
    expect(await partials()).not.toEqual([]);

    base = await start();
    // Each unfinished file names its writer's pid: which process kept it, should one stay.
    const pids = `killed ${killed}, started ${running!.child.pid}`;
    expect(await partials(), `${pids}\n${running!.output()}`).toEqual([]);
    const began = Date.now();
    const head = await headUpload(created.url.replace(/^http:\/\/[^/]+/, base));
    const tookMs = Date.now() - began;
    expect(head.status).toBe(200);
    expect(tookMs).toBeLessThan(2_000);
    expect(head.offset).toBeGreaterThan(MiB);

    const url = created.url.replace(/^http:\/\/[^/]+/, base);
    const rest = await patchChunk(url, head.offset, bytes.subarray(head.offset));
    expect(rest.status).toBe(204);
    expect(rest.offset).toBe(total);
    const share = await fetch(`${base}/api/shares/${created.code}`);
    expect(((await share.json()) as { status?: string }).status).toBe('ready');
  }, 60_000);

  it('lets the orphan sweep reclaim a blob the crash left without a share', async () => {
    running?.child.kill('SIGKILL');
    await running?.exited;
    running = null;
    // A blob stored for a share whose row was never written (the process died between).
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
    const clock = new TestClock();
    const app = await buildApp({
      config,
      secrets: resolveSecrets(config),
      clock,
      autoSweep: false,
      defaultMetrics: false,
    });
    try {
      await app.ready();
      const orphan = newBlobKey('orphan.bin', clock.now().getTime());
      await app.blobs.put(orphan, Readable.from([Buffer.from('left behind')]));
      const kept = (await readdir(blobDir())).filter((name) => name !== orphan);
      clock.advance(2 * 3_600);
      const result = await app.sweeper.runOnce({ orphans: true });
      expect(result.orphans).toBeGreaterThanOrEqual(1);
      const left = await readdir(blobDir());
      expect(left).not.toContain(orphan);
      // The finished upload's blob is its share's, and stays.
      expect(left).toEqual(expect.arrayContaining(kept.filter((n) => !n.startsWith('.'))));
    } finally {
      await app.close();
    }
  });
});
