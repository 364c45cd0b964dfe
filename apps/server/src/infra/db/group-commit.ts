import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { writeTransaction } from './write-transaction.js';

/**
 * What the works of one transaction share: a map that lives exactly as long as the
 * transaction, for what one of them learned under its locks and the next may reuse.
 */
export type GroupScope = Map<unknown, unknown>;

/** Runs `work` in a write transaction, shared with others that arrive in the same turn. */
export type WriteSoon = <T>(
  work: (trx: Kysely<Database>, scope: GroupScope) => Promise<T>,
) => Promise<T>;

interface Pending {
  work: (trx: Kysely<Database>, scope: GroupScope) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit for small write transactions. A commit costs more than a small insert (on
 * SQLite a write-ahead-log frame for every page it changed, on PostgreSQL a round trip and
 * a log flush), and shares created at the same time would each pay it: transactions that
 * arrive in the same turn of the event loop run one after the other inside one transaction
 * instead. Each sees the writes of those before it, as it would have one after the other,
 * and nothing is answered before the commit. If any of them fails, the whole group is
 * rolled back and each runs again in a transaction of its own, so one failure never fails
 * the others.
 */
export function createGroupCommit(db: Kysely<Database>): WriteSoon {
  let queue: Pending[] = [];
  // One group at a time: those that arrive while a group commits wait and form the next,
  // larger one, rather than each taking a connection to queue on the same locks.
  let committing = false;
  let scheduled = false;
  const alone = (pending: Pending) =>
    writeTransaction(db, (trx) => pending.work(trx, new Map())).then(
      pending.resolve,
      pending.reject,
    );

  async function commitGroup(group: Pending[]) {
    if (group.length === 1) return alone(group[0]!);
    try {
      const results = await writeTransaction(db, async (trx) => {
        const scope: GroupScope = new Map();
        const done: unknown[] = [];
        for (const pending of group) done.push(await pending.work(trx, scope));
        return done;
      });
      group.forEach((pending, i) => pending.resolve(results[i]));
    } catch {
      await Promise.all(group.map(alone));
    }
  }

  function schedule() {
    if (committing || scheduled || queue.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const group = queue;
      queue = [];
      committing = true;
      void commitGroup(group).finally(() => {
        committing = false;
        schedule();
      });
    });
  }

  return <T>(work: (trx: Kysely<Database>, scope: GroupScope) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      schedule();
    });
}
