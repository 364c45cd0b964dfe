import { SqliteAdapter, sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { beginImmediateOf } from './write-lock.js';

/**
 * A transaction that reads and then writes. On SQLite it starts with BEGIN IMMEDIATE,
 * taking the write lock first (and waiting for it without stopping the process, see
 * write-lock.ts): a plain BEGIN takes it only at the first write, and when another process
 * (another worker) wrote in between, SQLite fails that write at once with SQLITE_BUSY
 * rather than wait. PostgreSQL needs nothing special.
 */
export async function writeTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    return db.transaction().execute(work);
  }
  const begin = beginImmediateOf(db);
  return db.connection().execute(async (connection) => {
    if (begin === undefined) await sql`begin immediate`.execute(connection);
    else await begin();
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
