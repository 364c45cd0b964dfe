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
  // A client losing its connection (a restart, a failover, pg_terminate_backend) emits
  // 'error': on an idle client the pool hears it, but a checked-out client has no pool
  // listener, and an unheard 'error' kills the process. Its query fails on its own (and
  // is answered 503); the pool drops the broken client and connects a new one.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return kyselyDb(kysely, 'postgres');
}
