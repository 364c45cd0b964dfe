import type { Kysely } from 'kysely';
import type { BlobStore } from '../../infra/blob/port.js';
import type { Database } from '../../infra/db/port.js';
import { AppError } from '../../http/app-error.js';
import { addSeconds } from '../../infra/runtime/clock.js';
import { goneGraceSeconds, type ShareEnds } from '../shares/share-ends.js';
import {
  liftQuarantine as liftQuarantineOf,
  reviewedShare,
  shareToBlock,
} from '../shares/repository/index.js';
import { hashBlob } from './block-list.js';
import { blockHashes } from './blocked-hashes.repository.js';
import { deleteReportsOf, markReportsReviewed } from './reports.repository.js';

export interface AdminActionDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  ends: Pick<ShareEnds, 'endShare'>;
}

type Db = Kysely<Database>;

// The operator's four actions on a reported share (docs/api.md#admin). Each answers
// SHARE_NOT_FOUND when the code has no row (reclaimed, or never there).

/**
 * Serves the share again. Its reclaim goes back to its own schedule (the quarantine's
 * hold ends), with the grace every early end gets, so a share whose time ran out during
 * the review is reclaimed within minutes.
 */
async function liftQuarantine(db: Db, code: string, now: Date): Promise<void> {
  const share = await reviewedShare(db, code);
  if (share === null) throw new AppError('SHARE_NOT_FOUND');
  if (!share.quarantined) return;
  const grace = addSeconds(now, goneGraceSeconds);
  const reclaimAfter = share.gone || share.expiresAt < grace ? grace : share.expiresAt;
  await liftQuarantineOf(db, code, reclaimAfter);
}

/** Restore: the content is fine. Its reports stay, marked reviewed, and stop counting. */
export async function restoreShare(db: Db, code: string, now: Date): Promise<void> {
  await liftQuarantine(db, code, now);
  await markReportsReviewed(db, code, now);
}

/** Dismiss reports: they were unfounded. They are deleted, and any quarantine lifted. */
export async function dismissReports(db: Db, code: string, now: Date): Promise<void> {
  await liftQuarantine(db, code, now);
  await deleteReportsOf(db, [code]);
}

/** Delete: the row, its reports and its files go now; the code answers 404 from here on. */
export async function removeShare(deps: AdminActionDeps, code: string): Promise<void> {
  if ((await deps.ends.endShare({ reason: 'removed', code })) !== 'ended') {
    throw new AppError('SHARE_NOT_FOUND');
  }
}

/**
 * Block file: puts the SHA-256 of every file of the share on the block list, then deletes
 * it. For an encrypted share that is the ciphertext's hash: only these very bytes are
 * refused (the same file encrypted again differs), which the console says.
 */
export async function blockShare(deps: AdminActionDeps, code: string, now: Date) {
  const share = await shareToBlock(deps.db, code);
  if (share === null) throw new AppError('SHARE_NOT_FOUND');
  if (share.type !== 'file') {
    throw AppError.validation('code', 'Only file shares can be blocked; delete this one instead');
  }
  const hashes = await Promise.all(
    // A file stored before hashes were kept is hashed from the store now; one still
    // uploading has no whole bytes to block (it is deleted all the same).
    share.files.map(
      async (file) => file.sha256 ?? (await hashBlob(deps.blobs, file.key).catch(() => null)),
    ),
  );
  const unique = [...new Set(hashes.filter((hash) => hash !== null))];
  await blockHashes(deps.db, unique, code, now);
  if ((await deps.ends.endShare({ reason: 'blocked', code })) !== 'ended') {
    throw new AppError('SHARE_NOT_FOUND');
  }
  return unique;
}
