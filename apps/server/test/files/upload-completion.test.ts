import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/infra/db/index.js';
import { blockHashes } from '../../src/modules/moderation/blocked-hashes.repository.js';
import { completeUpload, type FinishedUpload } from '../../src/modules/files/upload-completion.js';
import type { TestDatabase } from '../support/databases.js';
import { migratedDatabase } from '../support/migrated-database.js';

// The one completion of every door (multipart, PUT, tus): what it checks, and what a refusal
// or a failure leaves behind. The contract suites show the same through each door.

const blocked = 'b'.repeat(64);
const fine = 'f'.repeat(64);

describe('completing an upload', () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    ({ database, db } = await migratedDatabase('sqlite'));
    await blockHashes(db.kysely, [blocked], '4821', new Date());
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  /** Completes `upload` with `ready`, recording what it ended and released. */
  async function complete(upload: FinishedUpload, ready: () => Promise<string>) {
    const released: string[][] = [];
    const ended: unknown[] = [];
    const ends = {
      releaseBlobs: async (keys: readonly string[]) => (released.push([...keys]), keys.length),
      endShare: async (end: unknown) => (ended.push(end), 'ended' as const),
    };
    const outcome = await completeUpload({ db: db.kysely, ends }, upload, ready).then(
      (value) => ({ value }),
      (error: unknown) => ({ error: error as { code?: string; message: string } }),
    );
    return { outcome, released, ended };
  }

  const files = (...hashes: string[]) => hashes.map((sha256, i) => ({ key: `k${i}`, sha256 }));

  it('makes the share ready when no file is blocked, and lets nothing go', async () => {
    const done = await complete({ files: files(fine, fine) }, async () => 'ready');
    expect(done).toEqual({ outcome: { value: 'ready' }, released: [], ended: [] });
  });

  it('refuses a bundle with one blocked file: every blob goes, no share is made', async () => {
    let made = false;
    const done = await complete({ files: files(fine, blocked) }, async () => {
      made = true;
      return 'ready';
    });
    expect(done.outcome).toMatchObject({ error: { code: 'CONTENT_BLOCKED' } });
    expect(made).toBe(false);
    expect(done.released).toEqual([['k0', 'k1']]);
    expect(done.ended).toEqual([]);
  });

  it("refuses blocked resumable bytes by ending the upload's share with them", async () => {
    const upload = { files: files(blocked), uploadKey: 'k0' };
    const done = await complete(upload, async () => 'ready');
    expect(done.outcome).toMatchObject({ error: { code: 'CONTENT_BLOCKED' } });
    expect(done.ended).toEqual([{ reason: 'blocked', uploadKey: 'k0' }]);
    expect(done.released).toEqual([]);
  });

  it('deletes the blobs of a share that could not be written', async () => {
    const done = await complete({ files: files(fine) }, () => Promise.reject(new Error('db down')));
    expect(done.outcome).toMatchObject({ error: { message: 'db down' } });
    expect(done.released).toEqual([['k0']]);
  });

  it("keeps a resumable upload's share and bytes when it could not be made ready", async () => {
    const upload = { files: files(fine), uploadKey: 'k0' };
    const done = await complete(upload, () => Promise.reject(new Error('db down')));
    expect(done.outcome).toMatchObject({ error: { message: 'db down' } });
    expect(done.released).toEqual([]);
    expect(done.ended).toEqual([]);
  });
});
