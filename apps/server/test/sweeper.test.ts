import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/infra/db/index.js';
import { createShareEnds } from '../src/modules/shares/share-ends.js';
import { createSweeper } from '../src/modules/sweeper/sweeper.service.js';
import { TestClock } from './support/clock.js';
import { testDialects, type TestDatabase } from './support/databases.js';
import { migratedDatabase } from './support/migrated-database.js';

describe.each(testDialects())('sweeper on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    ({ database, db } = await migratedDatabase(dialect));
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  async function seed(count: number, reclaimAfter: Date, prefix: string, blob = false) {
    const rows = Array.from({ length: count }, (_, i) => ({
      code: `${prefix}${String(i).padStart(5, '0')}`,
      type: blob ? ('file' as const) : ('clipboard' as const),
      content: blob ? null : 'x',
      delete_token_hash: 'h',
      created_at: new Date(reclaimAfter.getTime() - 1000),
      expires_at: reclaimAfter,
      reclaim_after: reclaimAfter,
      files: blob
        ? JSON.stringify([
            { key: `${Date.now()}-${prefix}${i}.bin`, name: 'a', size: 1, mime: 'x/y' },
          ])
        : null,
      total_bytes: blob ? 1 : null,
      max_downloads: blob ? 1 : null,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await db.kysely
        .insertInto('shares')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  }
  /** The app's way of ending shares, its blobs deleted by `deleteBlob`. */
  const endsWith = (clock: TestClock, deleteBlob: (key: string) => Promise<void>) =>
    createShareEnds({ db: db.kysely, clock, blobs: { delete: deleteBlob } });
  const count = async () =>
    Number(
      (
        await db.kysely
          .selectFrom('shares')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('deletes only due rows, in bounded batches, blob before row', async () => {
    const clock = new TestClock();
    const past = new Date(clock.now().getTime() - 1000);
    const future = new Date(clock.now().getTime() + 3_600_000);
    await seed(1100, past, '1');
    await seed(50, past, '2', true);
    await seed(30, future, '3');
    const deleted: string[] = [];
    const sweeper = createSweeper({
      db: db.kysely,
      clock,
      batchSize: 400,
      ends: endsWith(clock, async (key) => {
        deleted.push(key);
      }),
    });
    const result = await sweeper.runOnce();
    expect(result).toEqual({ rows: 1150, blobs: 50, orphans: 0 });
    expect(deleted).toHaveLength(50);
    expect(await count()).toBe(30);

    // maxBatches bounds one run; the next run finishes the job.
    await seed(900, past, '4');
    const bounded = createSweeper({
      db: db.kysely,
      clock,
      batchSize: 200,
      maxBatches: 2,
      ends: endsWith(clock, async () => {}),
    });
    expect((await bounded.runOnce()).rows).toBe(400);
    expect(await count()).toBe(530);
    clock.advance(7200);
    while ((await bounded.runOnce()).rows > 0);
    expect(await count()).toBe(0);
  });

  it('several sweepers at once delete each row exactly once, without errors', async () => {
    const clock = new TestClock();
    await seed(2000, new Date(clock.now().getTime() - 1000), '5', true);
    const blobDeletes: string[] = [];
    const make = () =>
      createSweeper({
        db: db.kysely,
        clock,
        batchSize: 250,
        ends: endsWith(clock, async (key) => {
          blobDeletes.push(key);
        }),
      });
    const results = await Promise.all([make().runOnce(), make().runOnce(), make().runOnce()]);
    expect(results.reduce((sum, r) => sum + r.rows, 0)).toBe(2000);
    expect(await count()).toBe(0);
    // Overlapping sweeps may repeat a blob delete (idempotent), never skip one.
    expect(new Set(blobDeletes).size).toBe(2000);
  });

  it('a failing blob delete still reclaims the row; the orphan sweep takes the blob later', async () => {
    const clock = new TestClock();
    await seed(3, new Date(clock.now().getTime() - 1000), '6', true);
    const failing = createSweeper({
      db: db.kysely,
      clock,
      ends: endsWith(clock, async () => {
        throw new Error('store down');
      }),
    });
    // The row goes first, so no download can be granted for a blob about to vanish; a blob
    // the store could not delete has no row any more, which is what the orphan sweep finds.
    expect(await failing.runOnce()).toMatchObject({ rows: 3, blobs: 0 });
    expect(await count()).toBe(0);
  });

  it('lets the event loop run between batches, so requests are answered during a long sweep', async () => {
    const clock = new TestClock();
    await seed(1000, new Date(clock.now().getTime() - 1000), '7');
    const sweeper = createSweeper({
      db: db.kysely,
      clock,
      batchSize: 100,
      ends: endsWith(clock, async () => {}),
    });
    let turns = 0;
    let sweeping = true;
    const count = () => {
      turns++;
      if (sweeping) setImmediate(count);
    };
    setImmediate(count);
    const result = await sweeper.runOnce();
    sweeping = false;
    expect(result.rows).toBe(1000);
    // Ten batches: at least one turn between each two (on SQLite none before the fix).
    expect(turns).toBeGreaterThanOrEqual(9);
  });
});
