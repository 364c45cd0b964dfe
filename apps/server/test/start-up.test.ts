import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { storageEnv } from './support/files.js';
import { testRedisUrl } from './support/redis.js';

const script = fileURLToPath(new URL('./support/loaded-packages.ts', import.meta.url));
const run = promisify(execFile);

/** The npm packages a fresh process has loaded once the app built with `env` is ready. */
async function packagesLoaded(env: Record<string, string>): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', script],
    {
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent',
        ...env,
      },
      timeout: 60_000,
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
}

// The optional backends' client libraries, each loaded only where it is configured
// (docs/design.md#start-up): together they were a third of the server's start-up.
const optional = ['@aws-sdk/client-s3', 'ioredis', 'nodemailer', 'pg'];

describe('start-up', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'codedrop-start-up-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('on SQLite and local disk, loads no client of a backend it does not use', async () => {
    const loaded = await packagesLoaded({ DATA_DIR: dataDir });
    // The check sees what is loaded: the default backends' own libraries are there.
    expect(loaded).toEqual(expect.arrayContaining(['better-sqlite3', 'fastify']));
    for (const name of optional) expect(loaded).not.toContain(name);
  });

  describe('with every backend configured', () => {
    let database: TestDatabase;
    let storage: Awaited<ReturnType<typeof storageEnv>>;
    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      storage = await storageEnv('s3');
    });
    afterAll(async () => {
      await storage.close();
      await database.drop();
    });

    it('loads each one it uses', async () => {
      const loaded = await packagesLoaded({
        DATA_DIR: database.dataDir,
        DATABASE_URL: database.url,
        REDIS_URL: testRedisUrl,
        SMTP_URL: 'smtp://127.0.0.1:2525',
        ...storage.env,
      });
      expect(loaded).toEqual(expect.arrayContaining(optional));
    });
  });
});
