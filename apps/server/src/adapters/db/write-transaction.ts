import { SqliteAdapter, sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * A transaction that reads and then writes. On SQLite it starts with BEGIN IMMEDIATE,
 * taking the write lock first (and waiting for it, up to busy_timeout): a plain BEGIN
 * takes it only at the first write, and when another process (another worker) wrote in
 * between, SQLite fails that write at once with SQLITE_BUSY rather than wait. PostgreSQL
 * needs nothing special.
 */
export async function writeTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    return db.transaction().execute(work);
  }
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
