import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { AppError } from '../../http/app-error.js';
import { clearedSecrets } from '../shares/share-endings.js';
import { toBool, toDate, type GoneReason } from '../shares/share-record.js';
import { goneErrorCode } from '../shares/share-view.js';
import { filesJson, storedFilesOf } from './stored-files.js';

type Db = Kysely<Database>;

// The share side of a resumable upload (docs/api.md#resumable-uploads): the row exists
// from the upload's first request with `upload_received` counting the bytes stored, and
// becomes an ordinary, downloadable share in the statement that clears it.

/**
 * Records the bytes stored so far (never backwards) and that the upload is alive; answers
 * the upload's declared size, or null when its share is no longer uploading.
 */
export async function recordUploadProgress(
  db: Db,
  blobKey: string,
  received: number,
  now: Date,
): Promise<number | null> {
  const row = await db
    .updateTable('shares')
    .set({
      upload_received: sql`case when upload_received > ${received} then upload_received else ${received} end`,
      upload_touched_at: now,
    })
    .where('first_file_key', '=', blobKey)
    .where('upload_received', 'is not', null)
    .returning('total_bytes')
    .executeTakeFirst();
  return row === undefined ? null : Number(row.total_bytes);
}

/** The declared size of the upload stored under `blobKey` while it runs; null otherwise. */
export async function runningUploadSize(db: Db, blobKey: string): Promise<number | null> {
  const row = await db
    .selectFrom('shares')
    .select('total_bytes')
    .where('first_file_key', '=', blobKey)
    .where('upload_received', 'is not', null)
    .executeTakeFirst();
  return row === undefined ? null : Number(row.total_bytes);
}

/**
 * Makes the share ready once the stored object has exactly its declared size; true when
 * this call did it (a second call, or a share gone meanwhile, changes nothing).
 */
export async function markUploadComplete(
  db: Db,
  blobKey: string,
  size: number,
  sha256: string | null = null,
): Promise<boolean> {
  const running = await db
    .selectFrom('shares')
    .select('files')
    .where('first_file_key', '=', blobKey)
    .where('upload_received', 'is not', null)
    .where('total_bytes', '=', size)
    .executeTakeFirst();
  if (running === undefined) return false;
  // Its one file's entry takes the hash; the update below is what decides who completed it.
  const files = storedFilesOf(running).map((file) =>
    file.key === blobKey ? { ...file, sha256 } : file,
  );
  const row = await db
    .updateTable('shares')
    .set({
      upload_received: null,
      upload_touched_at: null,
      upload_client: null,
      files: filesJson(files),
    })
    .where('first_file_key', '=', blobKey)
    .where('upload_received', 'is not', null)
    .where('total_bytes', '=', size)
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Why the share of the upload stored under `blobKey` takes no more bytes: deleted, expired
 * or otherwise ended (410), or abandoned and about to be reclaimed (404); null while it can
 * (or when no share has it, which the store answers for itself).
 */
export async function endedUploadError(db: Db, blobKey: string, now: Date) {
  const row = await db
    .selectFrom('shares')
    .select(['gone', 'gone_reason', 'expires_at'])
    .where('first_file_key', '=', blobKey)
    .executeTakeFirst();
  if (row === undefined) return null;
  const ended = {
    goneReason: row.gone_reason as GoneReason | null,
    expiresAt: toDate(row.expires_at),
  };
  if (!toBool(row.gone) && ended.expiresAt > now) return null;
  if (ended.goneReason === 'abandoned') return new AppError('UPLOAD_NOT_FOUND');
  return new AppError(goneErrorCode(ended, now));
}

/**
 * Uploads with no progress since `stalledBefore` are abandoned: gone at once, their
 * secrets cleared, and reclaimed by the sweep that follows like any expired share.
 */
export async function abandonStalledUploads(db: Db, stalledBefore: Date, now: Date) {
  const rows = await db
    .updateTable('shares')
    .set({
      gone: true,
      gone_reason: 'abandoned' satisfies GoneReason,
      reclaim_after: now,
      upload_touched_at: null,
      ...clearedSecrets,
    })
    .where('upload_received', 'is not', null)
    .where('upload_touched_at', '<', stalledBefore)
    .returning('code')
    .execute();
  return rows.length;
}
