import { sql, type Kysely } from 'kysely';
import { compiledQuery, type Database } from '../../../infra/db/port.js';

const countQuery = (db: Kysely<Database>, length: number) =>
  db
    .selectFrom('code_counts')
    .select(sql<number>`coalesce(sum(taken), 0)`.as('count'))
    .where('length', '=', length);

/**
 * Rows (live or waiting to be reclaimed) whose code has `length` digits: the sum of the
 * counters the database's triggers keep in `code_counts` (migration 0009), the same size
 * at any number of shares.
 */
export async function countCodesOfLength(db: Kysely<Database>, length: number): Promise<number> {
  const row = await countQuery(db, length).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * countCodesOfLength for the creation path, which counts in the transaction of each batch:
 * the statement is compiled once, on the first transaction, and run on each one after.
 */
export function codeCounter(): typeof countCodesOfLength {
  let count: ReturnType<typeof compiledCount> | undefined;
  return async (trx, length) => {
    count ??= compiledCount(trx);
    const [row] = await count({ length }, trx);
    return Number(row?.count ?? 0);
  };
}

const compiledCount = (db: Kysely<Database>) =>
  compiledQuery(db, ['length'], (values) => countQuery(db, values.length as unknown as number));

/**
 * PostgreSQL: the count of codes of `$1` digits, its counters locked until the transaction
 * ends, for a statement that counts and inserts at once (repository/insert.ts). Locking a
 * row re-reads its latest committed version, so the count is exact even though the
 * statement's snapshot was taken before the lock was granted, and the next statement to
 * lock them waits for this one's commit. Every session locks them in the same order.
 */
export const lockedCountOfLength =
  'select coalesce(sum(taken), 0) as taken from (select taken from code_counts' +
  ' where length = $1::integer order by slot for update) as locked';
