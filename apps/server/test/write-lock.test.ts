import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, migrate, type Db } from '../src/infra/db/index.js';
import { nonBlockingBegin } from '../src/infra/db/write-lock.js';
import { writeTransaction } from '../src/infra/db/write-transaction.js';

/**
 * Another process's writer, as a worker of the same cluster would be: a second connection to
 * the file, holding the write lock until it commits.
 */
function otherWriter(file: string) {
  const connection = new SqliteDatabase(file);
  connection.exec('BEGIN IMMEDIATE');
  return {
    commit: () => connection.exec('COMMIT'),
    close: () => connection.close(),
  };
}

/** How many times a 1 ms timer ran while `work` was pending: zero if the process stopped. */
async function timerRunsDuring(work: () => Promise<void>) {
  let runs = 0;
  const timer = setInterval(() => runs++, 1);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return runs;
}

describe('the SQLite write lock', () => {
  let dir: string;
  let file: string;
  let db: Db;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'codedrop-write-lock-'));
    file = join(dir, 'codedrop.db');
    db = createDb({ kind: 'sqlite', file });
    await migrate(db);
  });
  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is waited for while the process goes on serving, and taken once the other writer commits', async () => {
    const other = otherWriter(file);
    try {
      const write = writeTransaction(db.kysely, async (trx) => {
        await trx.insertInto('health_probe').values({ payload: 'after the other' }).execute();
        return 'written';
      });
      // busy_timeout would have slept inside the call: no timer, and the other writer (in
      // this same process here) could never have committed before the 5 s were up.
      const runs = await timerRunsDuring(() => sleep(40));
      expect(runs).toBeGreaterThan(5);
      other.commit();
      await expect(write).resolves.toBe('written');
    } finally {
      other.close();
    }
  });

  it('is given up with SQLITE_BUSY after the wait, and leaves busy_timeout as it was', async () => {
    const connection = new SqliteDatabase(file);
    connection.pragma('busy_timeout = 50');
    const other = otherWriter(file);
    try {
      const begin = nonBlockingBegin(connection, 50);
      const started = Date.now();
      await expect(begin()).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(50);
      expect(connection.pragma('busy_timeout', { simple: true })).toBe(50);
      expect(connection.inTransaction).toBe(false);
      other.commit();
      await begin();
      expect(connection.inTransaction).toBe(true);
      connection.exec('ROLLBACK');
    } finally {
      other.close();
      connection.close();
    }
  });
});
