import { sql, type Kysely } from 'kysely';
import { writeTransaction } from './write-transaction.js';
import type { Database, Db, Dialect } from './schema.js';

// As large as a long text share: a database with no room for one is not healthy.
const probePayload = 'health probe '.repeat(8_000);
const rolledBack = new Error('health probe rolled back');

/** The Db port around a Kysely instance: a health probe that never throws, and close. */
export function kyselyDb(kysely: Kysely<Database>, dialect: Dialect): Db {
  return {
    kysely,
    dialect,
    async health() {
      try {
        await writeTransaction(kysely, async (trx) => {
          await trx.selectFrom('shares').select('code').limit(1).execute();
          await trx.insertInto('health_probe').values({ payload: probePayload }).execute();
          throw rolledBack;
        });
      } catch (error) {
        return error === rolledBack;
      }
      return false;
    },
    async compact() {
      if (dialect === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(kysely);
    },
    close: () => kysely.destroy(),
  };
}
