import { SqliteAdapter, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import { writeTransaction } from './write-transaction.js';

/** Runs `work` in a write transaction of its own, or shared with others (SQLite). */
export type WriteSoon = <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

interface Pending {
  work: (trx: Kysely<Database>) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit for small write transactions. On SQLite a commit costs more than a small
 * insert (a write-ahead-log frame for every page it changed), and shares created at the
 * same time would each pay it: transactions that arrive in the same turn of the event loop
 * run one after the other inside one BEGIN IMMEDIATE … COMMIT instead. Each sees the
 * writes of those before it, as it would have one after the other, and nothing is
 * answered before the commit. If any of them fails, the whole group is rolled back and
 * each runs again in a transaction of its own, so one failure never fails the others.
 * PostgreSQL commits concurrently by itself: there each runs in its own transaction.
 */
export function createGroupCommit(db: Kysely<Database>): WriteSoon {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    return (work) => writeTransaction(db, work);
  }
  let queue: Pending[] = [];
  const alone = (pending: Pending) =>
    writeTransaction(db, pending.work).then(pending.resolve, pending.reject);

  async function flush() {
    const group = queue;
    queue = [];
    if (group.length === 1) return alone(group[0]!);
    try {
      const results = await writeTransaction(db, async (trx) => {
        const done: unknown[] = [];
        for (const pending of group) done.push(await pending.work(trx));
        return done;
      });
      group.forEach((pending, i) => pending.resolve(results[i]));
    } catch {
      await Promise.all(group.map(alone));
    }
  }

  return <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(() => void flush());
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
}
