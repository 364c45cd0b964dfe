import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';

type Db = Kysely<Database>;

// The block list's table: the SHA-256 of files an operator blocked (docs/design.md#moderation).

export async function isBlocked(db: Db, sha256: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocked_hashes')
    .select('sha256')
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row !== undefined;
}

export async function blockHashes(
  db: Db,
  hashes: readonly string[],
  code: string,
  now: Date,
): Promise<void> {
  if (hashes.length === 0) return;
  await db
    .insertInto('blocked_hashes')
    .values(hashes.map((sha256) => ({ sha256, code, created_at: now })))
    .onConflict((conflict) => conflict.column('sha256').doNothing())
    .execute();
}

/** How many hashes the block list holds. */
export async function countBlockedHashes(db: Db): Promise<number | string> {
  const row = await db
    .selectFrom('blocked_hashes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}
