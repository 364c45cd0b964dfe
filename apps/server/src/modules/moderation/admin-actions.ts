import type { Kysely } from 'kysely';
import type { BlobStore } from '../../infra/blob/port.js';
import type { Database } from '../../infra/db/port.js';
import { AppError } from '../../http/app-error.js';
import { addSeconds } from '../../infra/runtime/clock.js';
import { toBool, toDate } from '../shares/share-record.js';
import { goneGraceSeconds } from '../shares/shares.service.js';
import { storedFilesOf } from '../files/stored-files.js';
import { blockHashes, hashBlob } from './block-list.js';

export interface AdminActionDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  /** Ends the resumable uploads stored under these keys (a share removed mid-upload). */
  forgetUploads(keys: readonly string[]): Promise<void>;
}

type Db = Kysely<Database>;

// The operator's four actions on a reported share (docs/api.md#admin). Each answers
// SHARE_NOT_FOUND when the code has no row (reclaimed, or never there).

async function shareRow(db: Db, code: string) {
  const row = await db
    .selectFrom('shares')
    .select(['code', 'gone', 'expires_at', 'quarantined_at'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (row === undefined) throw new AppError('SHARE_NOT_FOUND');
  return row;
}

/**
 * Serves the share again. Its reclaim goes back to its own schedule (the quarantine's
 * hold ends), with the grace every early end gets, so a share whose time ran out during
 * the review is reclaimed within minutes.
 */
async function liftQuarantine(db: Db, code: string, now: Date): Promise<void> {
  const row = await shareRow(db, code);
  if (row.quarantined_at === null) return;
  const grace = addSeconds(now, goneGraceSeconds);
  const expires = toDate(row.expires_at);
  const reclaimAfter = toBool(row.gone) || expires < grace ? grace : expires;
  await db
    .updateTable('shares')
    .set({ quarantined_at: null, reclaim_after: reclaimAfter })
    .where('code', '=', code)
    .execute();
}

/** Restore: the content is fine. Its reports stay, marked reviewed, and stop counting. */
export async function restoreShare(db: Db, code: string, now: Date): Promise<void> {
  await liftQuarantine(db, code, now);
  await db
    .updateTable('reports')
    .set({ reviewed_at: now })
    .where('code', '=', code)
    .where('reviewed_at', 'is', null)
    .execute();
}

/** Dismiss reports: they were unfounded. They are deleted, and any quarantine lifted. */
export async function dismissReports(db: Db, code: string, now: Date): Promise<void> {
  await liftQuarantine(db, code, now);
  await db.deleteFrom('reports').where('code', '=', code).execute();
}

/** Delete: the row, its reports and its files go now; the code answers 404 from here on. */
export async function removeShare(deps: AdminActionDeps, code: string): Promise<void> {
  const deleted = await deps.db
    .deleteFrom('shares')
    .where('code', '=', code)
    .returning('files')
    .executeTakeFirst();
  if (deleted === undefined) throw new AppError('SHARE_NOT_FOUND');
  await deps.db.deleteFrom('reports').where('code', '=', code).execute();
  const keys = storedFilesOf(deleted).map((file) => file.key);
  // A blob that cannot be deleted now is found by the orphan sweep (no row owns it).
  await deps.forgetUploads(keys).catch(() => undefined);
  await Promise.allSettled(keys.map((key) => deps.blobs.delete(key)));
}

/**
 * Block file: puts the SHA-256 of every file of the share on the block list, then deletes
 * it. For an encrypted share that is the ciphertext's hash: only these very bytes are
 * refused (the same file encrypted again differs), which the console says.
 */
export async function blockShare(deps: AdminActionDeps, code: string, now: Date) {
  const row = await deps.db
    .selectFrom('shares')
    .select(['type', 'files'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (row === undefined) throw new AppError('SHARE_NOT_FOUND');
  if (row.type !== 'file') {
    throw AppError.validation('code', 'Only file shares can be blocked; delete this one instead');
  }
  const hashes = await Promise.all(
    // A file stored before hashes were kept is hashed from the store now; one still
    // uploading has no whole bytes to block (it is deleted all the same).
    storedFilesOf(row).map(
      async (file) => file.sha256 ?? (await hashBlob(deps.blobs, file.key).catch(() => null)),
    ),
  );
  const unique = [...new Set(hashes.filter((hash) => hash !== null))];
  await blockHashes(deps.db, unique, code, now);
  await removeShare(deps, code);
  return unique;
}
