import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/port.js';
import { toBool, type GoneReason } from '../share-record.js';
import { storedFilesOf } from '../../files/stored-files.js';

type Db = Kysely<Database>;

// The shares repository's statements that end a share; share-ends.ts decides which one a
// reason takes. Those that make a row gone clear what it no longer needs in the same UPDATE.

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

/** The columns that make a share gone for `reason`, its secrets cleared with them. */
const goneColumns = (reason: GoneReason, reclaimAfter: Date) => ({
  gone: true,
  gone_reason: reason,
  reclaim_after: reclaimAfter,
  ...clearedSecrets,
});

/** The UPDATE that makes a live share gone for `reason`. */
function goneUpdate(db: Db, code: string, reason: GoneReason, reclaimAfter: Date) {
  return db
    .updateTable('shares')
    .set(goneColumns(reason, reclaimAfter))
    .where('code', '=', code)
    .where('gone', '=', false);
}

/**
 * Marks a live burn-after-reading share gone and clears its content; true for exactly one
 * caller. The caller already holds the content from the lookup that preceded this (a
 * share's content never changes, and RETURNING would give the cleared values).
 */
export async function burnShare(db: Db, code: string, now: Date, reclaimAfter: Date) {
  const row = await goneUpdate(db, code, 'burnt', reclaimAfter)
    .where('burn_after_reading', '=', true)
    .where('expires_at', '>', now)
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The wrong key that took the last attempt destroys the share (or request) and clears its
 * secrets; whether it was a request, or null when no live row matched.
 */
export async function destroyShare(db: Db, code: string, reclaimAfter: Date) {
  const row = await goneUpdate(db, code, 'destroyed', reclaimAfter)
    .returning('type')
    .executeTakeFirst();
  return row === undefined ? null : { isRequest: row.type === 'request' };
}

/**
 * Makes a share gone because its creator deleted it, if `tokenHash` is its delete token's
 * and it is not held for review, to be reclaimed after `reclaimAfter`, in one statement.
 * Answers the keys of its files and whether it is a request, or null when no live share
 * matched.
 */
export async function markDeletedWithToken(
  db: Db,
  code: string,
  tokenHash: string,
  reclaimAfter: Date,
) {
  const row = await goneUpdate(db, code, 'deleted', reclaimAfter)
    .where('delete_token_hash', '=', tokenHash)
    .where('quarantined_at', 'is', null)
    .returning(['files', 'type'])
    .executeTakeFirst();
  if (row === undefined) return null;
  return { blobKeys: blobKeysOf(row), isRequest: row.type === 'request' };
}

/** Whether the share with this code and delete token is gone or held for review; null: none. */
export async function deletableState(db: Db, code: string, tokenHash: string) {
  const row = await db
    .selectFrom('shares')
    .select(['gone', 'quarantined_at'])
    .where('code', '=', code)
    .where('delete_token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (row === undefined) return null;
  return { gone: toBool(row.gone), underReview: row.quarantined_at !== null };
}

/**
 * The keys of the files its creator may delete (right token, not held for review): a read,
 * which needs no room on a full disk.
 */
export async function filesDeletableWithToken(db: Db, code: string, tokenHash: string) {
  const row = await db
    .selectFrom('shares')
    .select('files')
    .where('code', '=', code)
    .where('delete_token_hash', '=', tokenHash)
    .where('quarantined_at', 'is', null)
    .executeTakeFirst();
  return row === undefined ? [] : storedFilesOf(row).map((file) => file.key);
}

/** The uploader gave its running upload up (tus termination): the share goes with it. */
export async function markUploadGivenUp(db: Db, uploadKey: string, now: Date) {
  const result = await db
    .updateTable('shares')
    .set(goneColumns('deleted', now))
    .where('first_file_key', '=', uploadKey)
    .where('upload_received', 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Uploads with no progress since `stalledBefore` are abandoned: gone at once, their
 * secrets cleared, and reclaimed by the sweep that follows like any expired share.
 */
export async function abandonStalledUploads(db: Db, stalledBefore: Date, now: Date) {
  const rows = await db
    .updateTable('shares')
    .set({ ...goneColumns('abandoned', now), upload_touched_at: null })
    .where('upload_received', 'is not', null)
    .where('upload_touched_at', '<', stalledBefore)
    .returning('code')
    .execute();
  return rows.length;
}

/** Abandons one running upload that starved, unless bytes arrived since it had `received`. */
export async function abandonStarvedUpload(db: Db, code: string, received: number, now: Date) {
  const result = await db
    .updateTable('shares')
    .set({ ...goneColumns('abandoned', now), upload_touched_at: null })
    .where('code', '=', code)
    .where('gone', '=', false)
    // Bytes that arrived meanwhile are judged at the next sweep.
    .where('upload_received', '=', received)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A share named by its code, or by its upload's key (its first file's blob key). */
export type ShareRef = { code: string } | { uploadKey: string };

/** Deletes the share's row now; its code and blob keys, or null when there was none. */
export async function deleteShareRow(db: Db, which: ShareRef) {
  const row = await (
    'code' in which
      ? db.deleteFrom('shares').where('code', '=', which.code)
      : db.deleteFrom('shares').where('first_file_key', '=', which.uploadKey)
  )
    .returning(['code', 'files', 'type'])
    .executeTakeFirst();
  if (row === undefined) return null;
  return { code: row.code, blobKeys: blobKeysOf(row), isRequest: row.type === 'request' };
}

/**
 * Deletes up to `limit` shares whose time has come and returns their blob keys, in one
 * statement. The row goes first and the blob after: a download grant is a conditional
 * UPDATE of the same row, so a grant and a reclaim exclude each other — either the grant
 * moved reclaim_after on (and the row stays, with its blob), or it finds no row.
 */
export async function deleteReclaimable(
  db: Db,
  now: Date,
  limit: number,
): Promise<Array<{ code: string; blobKeys: string[]; isRequest: boolean }>> {
  const due = db
    .selectFrom('shares')
    .select('code')
    .where('reclaim_after', '<=', now)
    .orderBy('reclaim_after')
    .limit(limit);
  const rows = await db
    .deleteFrom('shares')
    .where('code', 'in', due)
    .where('reclaim_after', '<=', now)
    .returning(['code', 'files', 'type'])
    .execute();
  return rows.map((row) => ({
    code: row.code,
    blobKeys: blobKeysOf(row),
    isRequest: row.type === 'request',
  }));
}

/** The keys of a row's files; a request's blobs are its submissions' (modules/requests/). */
function blobKeysOf(row: { files: string | null }): string[] {
  return storedFilesOf(row).map((file) => file.key);
}
