import SqliteDatabase from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startWalCheckpointer } from '../src/infra/db/wal-checkpointer.js';

describe('the WAL checkpointer thread', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function writer() {
    const dir = mkdtempSync(join(tmpdir(), 'codedrop-wal-'));
    dirs.push(dir);
    const file = join(dir, 'db.sqlite');
    const connection = new SqliteDatabase(file);
    connection.pragma('journal_mode = WAL');
    connection.exec('create table t (id integer primary key, body text)');
    return { file, connection };
  }
  const fill = (connection: SqliteDatabase.Database, rows: number) => {
    const insert = connection.prepare('insert into t (body) values (?)');
    for (let i = 0; i < rows; i++) insert.run('x'.repeat(2_000));
  };
  /** WAL frames written, and how many of them are in the database file. */
  const walState = (connection: SqliteDatabase.Database) =>
    connection.pragma('wal_checkpoint(PASSIVE)', { simple: false }) as Array<{
      log: number;
      checkpointed: number;
    }>;

  it('copies the WAL into the database on its own thread; the writer never checkpoints', async () => {
    const { file, connection } = writer();
    const checkpointer = startWalCheckpointer(file, connection);
    expect(connection.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const before = statSync(file).size;
    fill(connection, 3_000);
    // Every commit's frames are in the database file soon, without the writer's help.
    await expect.poll(() => statSync(file).size, { timeout: 5_000 }).toBeGreaterThan(before * 10);
    await checkpointer.close();
    const [state] = walState(connection);
    expect(state!.checkpointed).toBe(state!.log);
    connection.close();
  });
});
