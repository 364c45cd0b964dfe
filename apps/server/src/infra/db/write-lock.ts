import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** How long a write waits for another process to let go of the write lock, then fails. */
export const writeLockWaitMs = 5_000;

/** Starts a write transaction (BEGIN IMMEDIATE), waiting for the write lock if need be. */
export type BeginImmediate = () => Promise<void>;

const registry = new WeakMap<Kysely<Database>, BeginImmediate>();

export function registerBeginImmediate(db: Kysely<Database>, begin: BeginImmediate): void {
  registry.set(db, begin);
}

export function beginImmediateOf(db: Kysely<Database>): BeginImmediate | undefined {
  return registry.get(db);
}

const isBusy = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

/** The next try: at once after other waiting work, then after 1, 2 … at most 5 ms. */
const pause = (attempt: number) =>
  new Promise<void>((resolve) =>
    attempt === 0 ? setImmediate(resolve) : setTimeout(resolve, Math.min(attempt, 5)),
  );

/**
 * BEGIN IMMEDIATE that waits for the write lock without stopping the process. With several
 * workers on one SQLite file, one holds the write lock while another's write begins.
 * SQLite's busy_timeout waits by sleeping inside the call, and better-sqlite3 is
 * synchronous: the whole worker stopped, every lookup and upload it was serving with it,
 * for 1, 2, 5, 10 … ms at a time. Here the attempt itself never waits (busy_timeout 0 for
 * that one statement), and a refused one is tried again on a timer, so the worker goes on
 * serving meanwhile. The connection's other statements keep busy_timeout as it was.
 */
export function nonBlockingBegin(
  connection: SqliteDatabase.Database,
  waitMs = writeLockWaitMs,
): BeginImmediate {
  const begin = connection.prepare('BEGIN IMMEDIATE');
  const noWait = connection.prepare('PRAGMA busy_timeout = 0');
  const restore = connection.prepare(`PRAGMA busy_timeout = ${waitMs}`);
  /** null once the transaction has begun; SQLite's SQLITE_BUSY error while it is refused. */
  const attempt = (): unknown => {
    noWait.get();
    try {
      begin.run();
      return null;
    } catch (error) {
      if (isBusy(error)) return error;
      throw error;
    } finally {
      restore.get();
    }
  };
  return async () => {
    const deadline = Date.now() + waitMs;
    for (let tries = 0; ; tries++) {
      const refused = attempt();
      if (refused === null) return;
      // Past the wait, the same error busy_timeout gave: answered 503 (dependency-failure.ts).
      if (Date.now() >= deadline) throw refused;
      await pause(tries);
    }
  };
}
