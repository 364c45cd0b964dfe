import { type Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { toBool, type GoneReason } from './share-record.js';
import { storedFilesOf } from '../files/stored-files.js';

type Db = Kysely<Database>;

// The statements that end a share before its time: burnt, destroyed, deleted. Each makes
// the row gone and clears what it no longer needs in the same UPDATE.

/**
 * What a share made gone early no longer needs is cleared in the very statement that makes
 * it gone: its text, its envelope and its recovery escrow (gone means gone, also on disk).
 */
export const clearedSecrets = {
  content: null,
  encrypted_payload: null,
  recovery_escrow: null,
  recovery_email_hash: null,
} as const;

/** The UPDATE that makes a live share gone for `reason`, its secrets cleared with it. */
export function goneUpdate(db: Db, code: string, reason: GoneReason, reclaimAfter: Date) {
  return db
    .updateTable('shares')
    .set({ gone: true, gone_reason: reason, reclaim_after: reclaimAfter, ...clearedSecrets })
    .where('code', '=', code)
    .where('gone', '=', false);
}

/**
 * Marks a live burn-after-reading share gone and clears its content; true for exactly one
 * caller. The caller already holds the content from the lookup that preceded this (a
 * share's content never changes, and RETURNING would give the cleared values).
 */
export async function burnShare(
  db: Db,
  code: string,
  now: Date,
  reclaimAfter: Date,
): Promise<boolean> {
  const row = await goneUpdate(db, code, 'burnt', reclaimAfter)
    .where('burn_after_reading', '=', true)
    .where('expires_at', '>', now)
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

/** The wrong key that took the last attempt destroys the share and clears its secrets. */
export async function destroyShare(db: Db, code: string, reclaimAfter: Date): Promise<void> {
  await goneUpdate(db, code, 'destroyed', reclaimAfter).execute();
}

/**
 * Makes a share gone because its creator deleted it, if `tokenHash` is its delete token's:
 * its secrets cleared and reclaim_after set to now, in one statement. The keys of its files
 * come back to be deleted; an already gone share with the right token gives none. A share
 * held for review is left as it is (`underReview`): its content is the operator's evidence.
 * null when no share has this code and token.
 */
export async function markDeleted(
  db: Db,
  code: string,
  tokenHash: string,
  now: Date,
): Promise<{ blobKeys: string[] } | { underReview: true } | null> {
  const row = await goneUpdate(db, code, 'deleted', now)
    .where('delete_token_hash', '=', tokenHash)
    .where('quarantined_at', 'is', null)
    .returning('files')
    .executeTakeFirst();
  if (row !== undefined) return { blobKeys: storedFilesOf(row).map((file) => file.key) };
  const kept = await db
    .selectFrom('shares')
    .select(['gone', 'quarantined_at'])
    .where('code', '=', code)
    .where('delete_token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (kept === undefined) return null;
  if (kept.quarantined_at !== null) return { underReview: true };
  // Released from review between the two statements: it can be deleted now.
  if (!toBool(kept.gone)) return markDeleted(db, code, tokenHash, now);
  return { blobKeys: [] };
}
