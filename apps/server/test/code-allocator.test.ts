import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/infra/db/index.js';
import { createCodeAllocator } from '../src/modules/shares/codes/code-allocator.js';
import { countCodesOfLength } from '../src/modules/shares/codes/code-counts.repository.js';
import {
  createSharesInserter,
  findShare,
  type NewShare,
} from '../src/modules/shares/repository/index.js';
import { testDialects, type TestDatabase } from './support/databases.js';
import { migratedDatabase } from './support/migrated-database.js';
import { now, shareRow } from './support/share-rows.js';

const settings = {
  codeMinDigits: 4,
  codeMaxDigits: 5,
  codeMaxDensity: 0.01,
  codeHardDensity: 0.02,
};

/** Creations placed in groups: one transaction and one insert per code length. */
describe.each(testDialects())('the code allocator on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  afterEach(async () => {
    await db?.close();
    await database?.drop();
  });

  async function allocator() {
    ({ database, db } = await migratedDatabase(dialect));
    return createCodeAllocator(db.kysely, dialect, settings, createSharesInserter(db.kysely));
  }
  const text = (content: string) => (code: string) => shareRow(code, { content });

  it('fills the short length to its target exactly, then the next, in one burst', async () => {
    const codes = await allocator();
    const made = await Promise.all(
      Array.from({ length: 700 }, (_, i) => codes.allocate(text(`share ${i}`))),
    );
    expect(new Set(made).size).toBe(700);
    expect(made.filter((code) => code.length === 4)).toHaveLength(100);
    expect(made.filter((code) => code.length === 5)).toHaveLength(600);
    expect(await countCodesOfLength(db.kysely, 4)).toBe(100);
    expect(await countCodesOfLength(db.kysely, 5)).toBe(600);
    // Each answer names the share made with it.
    const found = await findShare(db.kysely, made[321]!, now);
    expect(found?.record.content).toBe('share 321');
  });

  it('past the hard density of the longest length, refuses only those beyond it', async () => {
    const codes = await allocator();
    // 100 four-digit codes and 2 000 five-digit ones (2 % of the space) fit.
    const answers = await Promise.allSettled(
      Array.from({ length: 2_150 }, (_, i) => codes.allocate(text(`share ${i}`))),
    );
    const refused = answers.filter((answer) => answer.status === 'rejected');
    expect(answers.length - refused.length).toBe(2_100);
    expect(refused[0]).toMatchObject({ reason: { status: 503, code: 'SERVICE_UNAVAILABLE' } });
  });

  it('fails only the creation that cannot be stored, not those of its group', async () => {
    const codes = await allocator();
    const bogus = (code: string): NewShare => ({
      ...shareRow(code),
      type: 'bogus' as NewShare['type'],
    });
    const answers = await Promise.allSettled([
      codes.allocate(text('first')),
      codes.allocate(bogus),
      codes.allocate(text('third')),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await countCodesOfLength(db.kysely, 4)).toBe(2);
  });

  it('stores each share once when a failure comes after a length was filled', async () => {
    const codes = await allocator();
    const bogus = (code: string): NewShare => ({
      ...shareRow(code),
      type: 'bogus' as NewShare['type'],
    });
    // The bogus creation is the 150th: the four-digit length is full by then, and the
    // statement (or transaction) of the five-digit ones fails because of it. On SQLite the
    // group's transaction is rolled back and every share placed again alone; on PostgreSQL
    // the four-digit statement has committed, and only the failed one is retried.
    const answers = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => codes.allocate(i === 149 ? bogus : text(`s ${i}`))),
    );
    const made = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
    expect(made).toHaveLength(199);
    expect(answers[149]!.status).toBe('rejected');
    expect(new Set(made).size).toBe(199);
    const four = await countCodesOfLength(db.kysely, 4);
    expect(four).toBeLessThanOrEqual(100);
    expect(four + (await countCodesOfLength(db.kysely, 5))).toBe(199);
    const rows = await db.kysely
      .selectFrom('shares')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(199);
  });
});
