import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Runs one reading statement, alone or with others that arrived in the same turn. */
export interface GroupReads {
  read(sql: string, parameters: readonly unknown[]): Promise<unknown[]>;
  /** Groups run so far (each one read transaction): tests check that reads are grouped. */
  readonly groups: number;
  close(): void;
}

/** What the reads need of a better-sqlite3 connection (statements kept prepared by text). */
export interface ReadConnection {
  prepare(sql: string): { all(...parameters: unknown[]): unknown[] };
  exec(sql: string): unknown;
  readonly inTransaction: boolean;
  close(): unknown;
}

interface Pending {
  sql: string;
  parameters: readonly unknown[];
  resolve(rows: unknown[]): void;
  reject(error: unknown): void;
}

/**
 * Group reads for SQLite's hot lookups. Every statement outside a transaction is a read
 * transaction of its own, and in WAL mode beginning and ending one costs three system
 * calls (a lock on the shared-memory index taken and released, and a look at the file's
 * size); on a busy server they cost more than the lookup itself. Lookups that arrive in the
 * same turn of the event loop run one after the other inside one read transaction on a
 * connection of their own instead, so the calls are made once for the group.
 *
 * Each still sees every write committed before it arrived: the transaction starts after
 * they all arrived, and a write is answered only once committed. The connection is not
 * the one writes use, so no read ever sees a write transaction that is still open, and
 * reads never wait for one. A statement that fails rejects only its own read.
 */
export function createGroupReads(open: () => ReadConnection): GroupReads {
  let connection: ReadConnection | null = null;
  let queue: Pending[] = [];
  let groups = 0;
  let closed = false;

  function flush() {
    const group = queue;
    queue = [];
    if (group.length === 0) return;
    groups++;
    // Opened at the first read, when migrations have made the schema.
    const reader = (connection ??= open());
    const together = group.length > 1;
    try {
      if (together) reader.exec('BEGIN');
      for (const pending of group) {
        try {
          pending.resolve(reader.prepare(pending.sql).all(...pending.parameters));
        } catch (error) {
          pending.reject(error);
        }
      }
    } catch (error) {
      for (const pending of group) pending.reject(error);
    } finally {
      // Ending a read transaction cannot lose anything: a failure only closes it the other way.
      if (reader.inTransaction) {
        try {
          reader.exec('COMMIT');
        } catch {
          reader.exec('ROLLBACK');
        }
      }
    }
  }

  return {
    read: (sql, parameters) =>
      new Promise<unknown[]>((resolve, reject) => {
        if (closed) throw new Error('The database is closed');
        if (queue.length === 0) setImmediate(flush);
        queue.push({ sql, parameters, resolve, reject });
      }),
    get groups() {
      return groups;
    },
    close() {
      closed = true;
      for (const pending of queue) pending.reject(new Error('The database is closed'));
      queue = [];
      connection?.close();
      connection = null;
    },
  };
}

const registry = new WeakMap<Kysely<Database>, GroupReads>();

/** Reads of `db` may go through `reads` (SQLite databases on a file register theirs). */
export function registerGroupReads(db: Kysely<Database>, reads: GroupReads): void {
  registry.set(db, reads);
}

export function groupReadsOf(db: Kysely<Database>): GroupReads | undefined {
  return registry.get(db);
}
