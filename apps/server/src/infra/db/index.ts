import { Migrator } from 'kysely';
import type { Config } from '../../config/config.js';
import { migrationsFor } from './migrations/index.js';
import { createPostgresDb, migrationStatementMs } from './postgres.js';
import type { Db } from './schema.js';
import { createSqliteDb } from './sqlite.js';

export type { Db, Dialect } from './schema.js';
export { DatabaseUnavailableError } from './unavailable.js';

/** A Db for serving requests, or (`migrations`) one whose statements may run longer. */
export function createDb(
  database: Config['database'],
  use: 'requests' | 'migrations' = 'requests',
): Db {
  if (database.kind !== 'postgres') return createSqliteDb(database.file);
  return use === 'migrations'
    ? createPostgresDb(database.url, { poolSize: 2, statementTimeoutMs: migrationStatementMs })
    : createPostgresDb(database.url);
}

/**
 * Migrates the database `serving` serves. On PostgreSQL that takes a pool of its own
 * without the short limits of requests; SQLite has none, and `:memory:` is only `serving`.
 */
export async function migrateFor(database: Config['database'], serving: Db): Promise<void> {
  if (database.kind !== 'postgres') return migrate(serving);
  const db = createDb(database, 'migrations');
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}

/** Runs every pending migration; Kysely's migration lock makes concurrent start-ups safe. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrationsFor(db.dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed`, { cause: error });
  }
}
