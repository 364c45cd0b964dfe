import { Migrator } from 'kysely';
import type { Config } from '../../config.js';
import { migrationsFor } from './migrations/index.js';
import { createPostgresDb } from './postgres.js';
import type { Db } from './schema.js';
import { createSqliteDb } from './sqlite.js';

export type { Db, Dialect } from './schema.js';

export function createDb(database: Config['database']): Db {
  return database.kind === 'postgres'
    ? createPostgresDb(database.url)
    : createSqliteDb(database.file);
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
