import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { kyselyDb } from './kysely-db.js';
import type { Database, Db } from './schema.js';

export function createPostgresDb(url: string, options: { poolSize?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    // Fail a stuck query instead of hanging a request forever.
    statement_timeout: 15_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return kyselyDb(kysely, 'postgres');
}
