import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, migrate, type Db } from '../src/infra/db/index.js';
import { findShare, groupedLookups } from '../src/modules/shares/repository/index.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { now, shareRow } from './support/share-rows.js';

describe('share lookups on postgres', () => {
  let database: TestDatabase;
  let db: Db;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
    db = createDb({ kind: 'postgres', url: database.url });
    await migrate(db);
    await db.kysely
      .insertInto('shares')
      .values([
        shareRow('1001'),
        shareRow('1002'),
        shareRow('1003', { expires_at: new Date(now.getTime() - 1_000) }),
      ])
      .execute();
  });
  afterEach(async () => {
    await db.close();
    await database.drop();
  });

  it('that arrive together are one statement, and each gets its own row', async () => {
    const lookups = groupedLookups(db.kysely);
    const codes = ['1001', '1002', '1001', '9999', '1003'];
    const rows = await Promise.all(codes.map((code) => lookups.row(code)));
    expect(lookups.statements).toBe(1);
    expect(rows.map((row) => row?.content ?? null)).toEqual([
      'text of 1001',
      'text of 1002',
      'text of 1001',
      null,
      'text of 1003',
    ]);
    // One at a time, one statement each.
    expect((await lookups.row('1002'))?.code).toBe('1002');
    expect(lookups.statements).toBe(2);
  });

  it('see what was written before them, and say which shares are live', async () => {
    const [live, expired, missing] = await Promise.all([
      findShare(db.kysely, '1001', now),
      findShare(db.kysely, '1003', now),
      findShare(db.kysely, '9999', now),
    ]);
    expect(live).toMatchObject({ live: true, record: { code: '1001' } });
    expect(expired).toMatchObject({ live: false, record: { code: '1003' } });
    expect(missing).toBeNull();
    await db.kysely.updateTable('shares').set({ gone: true }).where('code', '=', '1001').execute();
    expect(await findShare(db.kysely, '1001', now)).toMatchObject({ live: false });
  });

  it('fail together when the statement fails', async () => {
    const lookups = groupedLookups(db.kysely);
    await db.close();
    const results = await Promise.allSettled([lookups.row('1001'), lookups.row('1002')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    db = createDb({ kind: 'postgres', url: database.url });
  });
});
