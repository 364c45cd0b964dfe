import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/port.js';

type Db = Kysely<Database>;

// The shares repository's statements for a creator's live view (modules/watch/).

/**
 * Marks the share viewed if it was not yet: true for the one call that marked it, so a
 * share costs this write once, however often it is looked up.
 */
export async function markViewed(db: Db, code: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('shares')
    .set({ viewed_at: now })
    .where('code', '=', code)
    .where('viewed_at', 'is', null)
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `tokenHash` is the hash of the delete token of the row under `code`. */
export async function createdWith(db: Db, code: string, tokenHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('shares')
    .select('code')
    .where('code', '=', code)
    .where('delete_token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** What a creator's view reads besides the record: submissions taken (a request). */
export async function submissionsTaken(db: Db, code: string): Promise<number | null> {
  const row = await db
    .selectFrom('shares')
    .select(['type', 'submission_count'])
    .where('code', '=', code)
    .executeTakeFirst();
  return row === undefined || row.type !== 'request' ? null : Number(row.submission_count);
}
