import { sql, type Kysely } from 'kysely';
import type { Database, Db, Dialect } from './schema.js';

/** The Db port around a Kysely instance: a health probe that never throws, and close. */
export function kyselyDb(kysely: Kysely<Database>, dialect: Dialect): Db {
  return {
    kysely,
    dialect,
    async health() {
      try {
        await sql`select 1`.execute(kysely);
        return true;
      } catch {
        return false;
      }
    },
    async compact() {
      if (dialect === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(kysely);
    },
    close: () => kysely.destroy(),
  };
}
