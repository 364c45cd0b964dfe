import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/infra/db/index.js';
import { createGroupCommit } from '../src/infra/db/group-commit.js';
import { findShare, type NewShare } from '../src/modules/shares/repository/index.js';
import { countCodesOfLength } from '../src/modules/shares/codes/code-counts.repository.js';
import { now, shareInserter, shareRow as share } from './support/share-rows.js';
import { testDialects, type TestDatabase } from './support/databases.js';
import { migratedDatabase } from './support/migrated-database.js';

/** Shares written as the code allocator writes them: each insert a write transaction. */
describe.each(testDialects())('grouped share inserts on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  afterEach(async () => {
    await db?.close();
    await database?.drop();
  });

  async function open() {
    ({ database, db } = await migratedDatabase(dialect));
    const writeSoon = createGroupCommit(db.kysely);
    const insert = shareInserter(db.kysely);
    return {
      writeSoon,
      insertSoon: (row: NewShare) => writeSoon((trx) => insert(row, trx)),
    };
  }

  it('stores every share created at once, and each answer says whether its code was free', async () => {
    const inserter = await open();
    const codes = Array.from({ length: 60 }, (_, i) => String(100_000 + i));
    const results = await Promise.all([
      ...codes.map((code) => inserter.insertSoon(share(code))),
      // The same code twice in one turn: exactly one of them gets it.
      inserter.insertSoon(share('777777')),
      inserter.insertSoon(share('777777', { content: 'second' })),
    ]);
    expect(results.slice(0, 60).every(Boolean)).toBe(true);
    expect(results.slice(60).sort()).toEqual([false, true]);
    expect(await countCodesOfLength(db.kysely, 6)).toBe(61);
    const found = await findShare(db.kysely, '100042', now);
    expect(found?.record.content).toBe('text of 100042');
    expect(found?.live).toBe(true);
  });

  it('refuses only the row that cannot be stored, not those committed with it', async () => {
    const inserter = await open();
    const good = ['200001', '200002', '200003'];
    const answers = await Promise.allSettled([
      inserter.insertSoon(share(good[0]!)),
      // Breaks the type CHECK constraint: the whole batch rolls back, then goes row by row.
      inserter.insertSoon(share('200009', { type: 'bogus' as NewShare['type'] })),
      inserter.insertSoon(share(good[1]!)),
      inserter.insertSoon(share(good[2]!)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    for (const code of good) expect(await findShare(db.kysely, code, now)).not.toBeNull();
    expect(await findShare(db.kysely, '200009', now)).toBeNull();
    expect(await countCodesOfLength(db.kysely, 6)).toBe(3);
  });

  it('lets each transaction of a group see the writes of those before it', async () => {
    const { writeSoon } = await open();
    const insert = shareInserter(db.kysely);
    // Each takes a place only while fewer than three rows have six digits: a count and an
    // insert, as the code allocator does for a length under its target.
    const counted = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        writeSoon(async (trx) => {
          if ((await countCodesOfLength(trx, 6)) >= 3) return null;
          return (await insert(share(String(400_000 + i)), trx)) ? i : null;
        }),
      ),
    );
    expect(counted).toEqual([0, 1, 2, null, null]);
    expect(await countCodesOfLength(db.kysely, 6)).toBe(3);
  });

  it('runs a group in arrival order with one scope, and each work alone after a failure', async () => {
    const { writeSoon } = await open();
    const ran: string[] = [];
    const scopes = new Set<unknown>();
    const work =
      (name: string, fail = false) =>
      async (trx: unknown, scope: unknown) => {
        ran.push(name);
        scopes.add(scope);
        await sql`select 1`.execute(trx as typeof db.kysely);
        if (fail) throw new Error(`${name} failed`);
        return name;
      };
    const answers = await Promise.all([
      writeSoon(work('seven')),
      writeSoon(work('five')),
      writeSoon(work('six')),
    ]);
    expect(answers).toEqual(['seven', 'five', 'six']);
    expect(ran).toEqual(['seven', 'five', 'six']);
    expect(scopes.size).toBe(1);

    ran.length = 0;
    scopes.clear();
    const settled = await Promise.allSettled([writeSoon(work('a')), writeSoon(work('b', true))]);
    expect(settled.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected']);
    // Together first, then each in a transaction (and scope) of its own.
    expect(ran).toEqual(['a', 'b', 'a', 'b']);
    expect(scopes.size).toBe(3);
  });

  it('writes file columns and encryption flags as given', async () => {
    const inserter = await open();
    await inserter.insertSoon(
      share('300001', {
        type: 'file',
        content: null,
        is_encrypted: true,
        burn_after_reading: true,
        files: JSON.stringify([{ key: 'k1', name: 'a.txt', size: 5, mime: 'text/plain' }]),
        total_bytes: 5,
        max_downloads: 3,
      }),
    );
    const { record } = (await findShare(db.kysely, '300001', now))!;
    expect(record).toMatchObject({
      type: 'file',
      isEncrypted: true,
      burnAfterReading: true,
      files: [{ key: 'k1', name: 'a.txt', size: 5, mime: 'text/plain' }],
      maxDownloads: 3,
      downloadCount: 0,
      gone: false,
    });
  });
  it('never shows a lookup the rows of a transaction still open, even one rolled back', async () => {
    const inserter = await open();
    const seen: Array<Promise<unknown>> = [];
    const failed = inserter.writeSoon(async (trx) => {
      await shareInserter(db.kysely)(share('400001'), trx);
      // A lookup outside the transaction, asked while the row is written but not committed:
      // it must not read the row through the open transaction (on SQLite it reads on a
      // connection of its own: infra/db/group-reads.ts).
      seen.push(findShare(db.kysely, '400001', now));
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('rolled back on purpose');
    });
    await expect(failed).rejects.toThrow('rolled back on purpose');
    expect(await Promise.all(seen)).toEqual(seen.map(() => null));
    expect(await findShare(db.kysely, '400001', now)).toBeNull();
  });
});
