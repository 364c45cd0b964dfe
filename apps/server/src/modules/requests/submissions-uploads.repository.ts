import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';

type Db = Kysely<Database>;

// The submissions table's statements about uploads still running: their progress, their
// caps, their end (docs/design.md#data-model). The rest is in submissions.repository.ts.

/**
 * Records the bytes stored so far (never backwards) and that the upload is alive; answers
 * its declared size, or null when no submission's upload runs under `key`.
 */
export async function recordSubmissionProgress(
  db: Db,
  key: string,
  received: number,
  now: Date,
): Promise<number | null> {
  const row = await db
    .updateTable('submissions')
    .set({
      upload_received: sql`case when upload_received > ${received} then upload_received else ${received} end`,
      upload_touched_at: now,
    })
    .where('blob_key', '=', key)
    .where('upload_received', 'is not', null)
    .returning('stored_bytes')
    .executeTakeFirst();
  return row === undefined ? null : Number(row.stored_bytes);
}

/**
 * What one client's running submission uploads hold of its upload caps: how many, and the
 * declared bytes not yet received (modules/files/upload-reservations.ts adds the shares').
 */
export async function clientSubmissionReservations(db: Db, client: string) {
  const row = await db
    .selectFrom('submissions')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('uploads'),
      eb.fn.sum<number | string | null>(sql`stored_bytes - upload_received`).as('bytes'),
    ])
    .where('upload_client', '=', client)
    .where('upload_received', 'is not', null)
    .executeTakeFirstOrThrow();
  return { uploads: Number(row.uploads), bytes: Number(row.bytes ?? 0) };
}

/** The upload stored every declared byte: the submission is listed from now on. */
export async function markSubmissionComplete(db: Db, key: string, size: number) {
  const row = await db
    .updateTable('submissions')
    .set({ upload_received: null, upload_touched_at: null, upload_client: null })
    .where('blob_key', '=', key)
    .where('upload_received', 'is not', null)
    .where('stored_bytes', '=', size)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the submission whose upload runs under `key`; its request's code, or null. */
export async function deleteRunningSubmission(db: Db, key: string): Promise<string | null> {
  const row = await db
    .deleteFrom('submissions')
    .where('blob_key', '=', key)
    .where('upload_received', 'is not', null)
    .returning('request_code')
    .executeTakeFirst();
  return row?.request_code ?? null;
}

/** Deletes the submissions whose upload made no progress since `stalledBefore`. */
export async function deleteStalledSubmissions(db: Db, stalledBefore: Date) {
  const rows = await db
    .deleteFrom('submissions')
    .where('upload_received', 'is not', null)
    .where('upload_touched_at', '<', stalledBefore)
    .returning(['request_code', 'blob_key'])
    .execute();
  return rows.map((row) => ({ code: row.request_code, blobKey: row.blob_key }));
}

/** The request of the submission whose upload runs under `key`; null when there is none. */
export async function runningSubmissionRequest(db: Db, key: string): Promise<string | null> {
  const row = await db
    .selectFrom('submissions')
    .select('request_code')
    .where('blob_key', '=', key)
    .where('upload_received', 'is not', null)
    .executeTakeFirst();
  return row?.request_code ?? null;
}
