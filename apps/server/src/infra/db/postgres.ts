import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import type pg from 'pg';
import { kyselyDb } from './kysely-db.js';
import type { Database, Db } from './schema.js';
import { DatabaseUnavailableError } from './unavailable.js';

/** How long PostgreSQL lets one statement of a request run before cancelling it. */
export const requestStatementMs = 4_000;
/** Migrations may take longer (an index built on a large table). */
export const migrationStatementMs = 15_000;
/** How long a request waits for a connection, new or from the pool. */
const connectMs = 3_000;

export interface PostgresOptions {
  poolSize?: number;
  statementTimeoutMs?: number;
}

export function createPostgresDb(url: string, options: PostgresOptions = {}): Db {
  const statementMs = options.statementTimeoutMs ?? requestStatementMs;
  // pg is imported when the first query needs the pool, so that a process on SQLite never
  // loads it (docs/design.md#start-up). Kysely awaits this once, then ends the pool it got.
  const pool = async (): Promise<PostgresPool> => {
    const { default: driver } = await import('pg');
    const created = new driver.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: connectMs,
      statement_timeout: statementMs,
      // A peer that vanished without closing (a partition, a dead host) is noticed on idle
      // connections too, instead of when a request next uses one.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // A client losing its connection (a restart, a failover, pg_terminate_backend) emits
    // 'error': on an idle client the pool hears it, but a checked-out client has no pool
    // listener, and an unheard 'error' kills the process. Its query fails on its own (and
    // is answered 503); the pool drops the broken client and connects a new one.
    created.on('error', () => {});
    created.on('connect', (client) => {
      client.on('error', () => {});
      // A second past the server's own limit, so the server cancels first when it can.
      boundedQueries(client, statementMs + 1_000);
      preparingStatements(client);
    });
    return {
      // Whatever stopped a connection from being had (refused, timed out, SQLSTATE 55000
      // "not accepting connections", 3D000 "no such database", 28P01 "wrong password"),
      // the database is unavailable to this request: 503, not a bug.
      connect: () =>
        created.connect().catch((error: unknown) => {
          throw new DatabaseUnavailableError('no connection to PostgreSQL', { cause: error });
        }),
      end: () => created.end(),
    };
  };
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return kyselyDb(kysely, 'postgres');
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * statement_timeout is enforced by PostgreSQL, so it never fires when nothing reaches it:
 * over a frozen network a query would wait for as long as the partition lasts. Each query
 * therefore also has a limit here. Past it the query fails and the connection is
 * destroyed (as pg-pool does on a connect timeout), so that nothing queued behind the
 * unanswered query waits too, and the pool replaces it.
 */
function boundedQueries(client: pg.PoolClient, limitMs: number): void {
  const query = client.query.bind(client) as QueryFn;
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const running = query(...args);
    if (!(running instanceof Promise)) return running;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        reject(new DatabaseUnavailableError(`PostgreSQL did not answer within ${limitMs} ms`));
        (
          client as unknown as { connection?: { stream?: { destroy(): void } } }
        ).connection?.stream?.destroy();
      }, limitMs);
    });
    return Promise.race([running, deadline]).finally(() => clearTimeout(timer));
  };
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
