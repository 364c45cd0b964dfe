import { Migrator } from 'kysely';
import { expect } from 'vitest';
import { createDb, migrate, type Db } from '../../src/infra/db/index.js';
import { migrationsFor } from '../../src/infra/db/migrations/index.js';
import type { Dialect } from '../../src/infra/db/port.js';
import { createTestDatabase, type TestDatabase } from './databases.js';

/** The app's Db on a test database. */
function openDb(dialect: Dialect, database: TestDatabase): Db {
  return createDb(
    dialect === 'sqlite'
      ? { kind: 'sqlite', file: database.url.slice('sqlite:'.length) }
      : { kind: 'postgres', url: database.url },
  );
}

/** A fresh database with every migration, opened as the app opens it. */
export async function migratedDatabase(
  dialect: Dialect,
): Promise<{ database: TestDatabase; db: Db }> {
  const database = await createTestDatabase(dialect);
  const db = openDb(dialect, database);
  await migrate(db);
  return { database, db };
}

/** A fresh database with the migrations up to `name` only, as an older release left it. */
export async function databaseMigratedTo(
  dialect: Dialect,
  name: string,
): Promise<{ database: TestDatabase; db: Db }> {
  const database = await createTestDatabase(dialect);
  const db = openDb(dialect, database);
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrationsFor(dialect) },
  });
  expect((await migrator.migrateTo(name)).error).toBeUndefined();
  return { database, db };
}
