import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/infra/db/index.js';
import { createGroupCommit } from '../src/infra/db/group-commit.js';
import { groupReadsOf, type GroupReads } from '../src/infra/db/group-reads.js';
import { findShare } from '../src/modules/shares/repository/index.js';
import { now, shareInserter, shareRow as share } from './support/share-rows.js';
import type { TestDatabase } from './support/databases.js';
import { migratedDatabase } from './support/migrated-database.js';

/** SQLite on a file: lookups by code go through group reads (infra/db/group-reads.ts). */
describe('group reads on SQLite', () => {
  let database: TestDatabase;
  let db: Db;
  afterEach(async () => {
    await db?.close();
    await database?.drop();
  });

  async function open(): Promise<GroupReads> {
    ({ database, db } = await migratedDatabase('sqlite'));
    const reads = groupReadsOf(db.kysely);
    if (reads === undefined) throw new Error('a SQLite file database registers group reads');
    return reads;
  }

  const insert = (code: string) =>
    createGroupCommit(db.kysely)((trx) => shareInserter(db.kysely)(share(code), trx));

  it('answers lookups made at once from one read transaction, each with its own row', async () => {
    const reads = await open();
    const codes = Array.from({ length: 30 }, (_, i) => String(500_000 + i));
    for (const code of codes) await insert(code);
    const before = reads.groups;
    const found = await Promise.all([
      ...codes.map((code) => findShare(db.kysely, code, now)),
      findShare(db.kysely, '599999', now),
    ]);
    expect(reads.groups - before).toBe(1);
    expect(found.slice(0, 30).map((f) => f?.record.content)).toEqual(
      codes.map((code) => `text of ${code}`),
    );
    expect(found.slice(0, 30).every((f) => f?.live === true)).toBe(true);
    expect(found[30]).toBeNull();
  });

  it('shows a lookup every committed write and none still open, without waiting for it', async () => {
    await open();
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let inside!: () => void;
    const written = new Promise<void>((resolve) => (inside = resolve));
    const writing = createGroupCommit(db.kysely)(async (trx) => {
      await shareInserter(db.kysely)(share('600001'), trx);
      inside();
      await held;
    });
    await written;
    // The write transaction is open and holds the writing connection: the lookup neither
    // sees its row nor waits for it to end.
    const duringWrite = await Promise.race([
      findShare(db.kysely, '600001', now),
      new Promise((resolve) => setTimeout(() => resolve('waited'), 1_000)),
    ]);
    expect(duringWrite).toBeNull();
    commit();
    await writing;
    expect((await findShare(db.kysely, '600001', now))?.record.content).toBe('text of 600001');
  });

  it('fails only the read whose statement fails, and reads on afterwards', async () => {
    const reads = await open();
    await insert('700001');
    const [bad, good] = await Promise.allSettled([
      reads.read('select * from no_such_table', []),
      findShare(db.kysely, '700001', now),
    ]);
    expect(bad.status).toBe('rejected');
    expect(good.status === 'fulfilled' && good.value?.record.content).toBe('text of 700001');
    // The group's transaction was closed: a later group begins its own.
    await insert('700002');
    expect((await findShare(db.kysely, '700002', now))?.record.code).toBe('700002');
  });

  it('refuses reads once closed, those already waiting included', async () => {
    const reads = await open();
    const waiting = findShare(db.kysely, '800001', now);
    reads.close();
    await expect(waiting).rejects.toThrow('The database is closed');
    await expect(findShare(db.kysely, '800001', now)).rejects.toThrow('The database is closed');
  });
});
