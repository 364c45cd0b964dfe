import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { kyselyDb } from './kysely-db.js';
import type { Database, Db } from './schema.js';

export function createPostgresDb(url: string, options: { poolSize?: number } = {}): Db {
  // pg is imported when the first query needs the pool, so that a process on SQLite never
  // loads it (docs/design.md#start-up). Kysely awaits this once, then ends the pool it got.
  const pool = async (): Promise<pg.Pool> => {
    const { default: driver } = await import('pg');
    const created = new driver.Pool({
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
    created.on('error', () => {});
    created.on('connect', (client) => {
      client.on('error', () => {});
      preparingStatements(client);
    });
    return created;
  };
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return kyselyDb(kysely, 'postgres');
}

/**
 * Kysely sends every query as an unnamed statement, which PostgreSQL parses and plans
 * anew each time. Naming each distinct SQL text (by its hash) makes pg prepare it once per
 * connection and then only bind and execute it: one round trip either way, less work on
 * the server. Queries are single statements with parameters, so naming is always valid.
 */
// Only the statements that run per request; DDL and transaction control stay unnamed.
const preparable = /^\s*(select|insert|update|delete|with)\b/i;

function preparingStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Map<string, string>();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    text: unknown,
    values?: unknown,
    ...rest: unknown[]
  ) => {
    if (
      typeof text !== 'string' ||
      !Array.isArray(values) ||
      rest.length > 0 ||
      !preparable.test(text)
    ) {
      return query(text, values, ...rest);
    }
    let name = names.get(text);
    if (name === undefined) {
      name = `codedrop_${createHash('sha1').update(text).digest('hex')}`;
      if (names.size < 1_000) names.set(text, name);
    }
    return query({ name, text, values });
  };
}
