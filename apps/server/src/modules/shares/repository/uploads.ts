import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../infra/db/port.js';
import { toBool, toDate, type GoneReason } from '../share-record.js';
import { filesJson, storedFilesOf } from '../../files/stored-files.js';

type Db = Kysely<Database>;

// The shares repository's side of a resumable upload (docs/api.md#resumable-uploads): the
// row exists from the upload's first request with `upload_received` counting the bytes
// stored, and becomes an ordinary, downloadable share in the statement that clears it. An
// upload names its share by its key, the row's `first_file_key`.

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

/** Whether the share of the upload under `blobKey` is still uploading (false: none). */
export async function isUploadRunning(db: Db, blobKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('shares')
    .select('upload_received')
    .where('first_file_key', '=', blobKey)
    .executeTakeFirst();
  return row !== undefined && row.upload_received !== null;
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

/** Whether the share of the upload under `blobKey` has ended, and why; null: no share. */
export async function uploadShareState(db: Db, blobKey: string) {
  const row = await db
    .selectFrom('shares')
    .select(['gone', 'gone_reason', 'expires_at'])
    .where('first_file_key', '=', blobKey)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    gone: toBool(row.gone),
    goneReason: row.gone_reason as GoneReason | null,
    expiresAt: toDate(row.expires_at),
  };
}

/** Whether the share of the upload under `blobKey` is held for review (false: none). */
export async function isUploadUnderReview(db: Db, blobKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('shares')
    .select('quarantined_at')
    .where('first_file_key', '=', blobKey)
    .executeTakeFirst();
  return row !== undefined && row.quarantined_at !== null;
}

/** What `client`'s running uploads hold: how many, and the bytes they still reserve. */
export async function clientReservations(db: Db, client: string) {
  const row = await db
    .selectFrom('shares')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('uploads'),
      eb.fn.sum<number | string | null>(sql`total_bytes - upload_received`).as('bytes'),
    ])
    .where('upload_client', '=', client)
    .where('upload_received', 'is not', null)
    .where('gone', '=', false)
    .executeTakeFirstOrThrow();
  return { uploads: Number(row.uploads), bytes: Number(row.bytes ?? 0) };
}

/** The uploads still running that began at or before `started`, with what they received. */
export async function runningUploadsBegunBy(db: Db, started: Date) {
  const rows = await db
    .selectFrom('shares')
    .select(['code', 'created_at', 'upload_received'])
    .where('upload_received', 'is not', null)
    .where('gone', '=', false)
    .where('created_at', '<=', started)
    .execute();
  return rows.map((row) => ({
    code: row.code,
    createdAt: toDate(row.created_at),
    received: Number(row.upload_received),
  }));
}
