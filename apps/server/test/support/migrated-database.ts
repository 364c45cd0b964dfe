import { Migrator } from 'kysely';
import { expect } from 'vitest';
import { createDb, type Db } from '../../src/infra/db/index.js';
import { migrationsFor } from '../../src/infra/db/migrations/index.js';
import type { Dialect } from '../../src/infra/db/port.js';
import { createTestDatabase, type TestDatabase } from './databases.js';

/** A fresh database with the migrations up to `name` only, as an older release left it. */
export async function databaseMigratedTo(
  dialect: Dialect,
  name: string,
): Promise<{ database: TestDatabase; db: Db }> {
  const database = await createTestDatabase(dialect);
  const db = createDb(
    dialect === 'sqlite'
      ? { kind: 'sqlite', file: database.url.slice('sqlite:'.length) }
      : { kind: 'postgres', url: database.url },
  );
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrationsFor(dialect) },
  });
  expect((await migrator.migrateTo(name)).error).toBeUndefined();
  return { database, db };
}
