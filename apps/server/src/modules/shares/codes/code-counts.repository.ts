import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../infra/db/port.js';

/**
 * Rows (live or waiting to be reclaimed) whose code has `length` digits: the sum of the
 * counters the database's triggers keep in `code_counts` (migration 0009), the same size
 * at any number of shares.
 */
export async function countCodesOfLength(db: Kysely<Database>, length: number): Promise<number> {
  const row = await db
    .selectFrom('code_counts')
    .select(sql<number>`coalesce(sum(taken), 0)`.as('count'))
    .where('length', '=', length)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
