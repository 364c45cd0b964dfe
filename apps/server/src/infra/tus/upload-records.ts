import { Upload, type KvStore } from '@tus/utils';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** One stored part of an S3 multipart upload. */
export interface StoredPart {
  n: number;
  etag: string;
  size: number;
}

/** What the `uploads` table keeps of an upload, besides tus's own record. */
export interface UploadRecord {
  upload: Upload;
  multipartId: string | null;
  parts: StoredPart[];
  tailSize: number;
}

type Db = Kysely<Database>;

function toUpload(info: string): Upload {
  const raw = JSON.parse(info) as ConstructorParameters<typeof Upload>[0];
  return new Upload({ ...raw, offset: 0 });
}

/**
 * tus's record of each upload (size, metadata, creation date) in the database instead of
 * a side file, so any instance finds it: the FileStore's configstore on local disk, and the
 * base of the S3 store's records. The offset is never stored here: the stores measure it.
 */
export function createUploadInfoStore(db: Db): KvStore<Upload> {
  return {
    async get(id) {
      const row = await db
        .selectFrom('uploads')
        .select('info')
        .where('id', '=', id)
        .executeTakeFirst();
      return row === undefined ? undefined : toUpload(row.info);
    },
    async set(id, upload) {
      const info = JSON.stringify({
        id: upload.id,
        size: upload.size,
        metadata: upload.metadata,
        creation_date: upload.creation_date,
      });
      await db
        .insertInto('uploads')
        .values({ id, info })
        .onConflict((oc) => oc.column('id').doUpdateSet({ info }))
        .execute();
    },
    async delete(id) {
      await db.deleteFrom('uploads').where('id', '=', id).execute();
    },
  };
}

/** Whether the upload still has its record (its share was not deleted meanwhile). */
export async function uploadRecordExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('uploads').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function readUploadRecord(db: Db, id: string): Promise<UploadRecord | null> {
  const row = await db
    .selectFrom('uploads')
    .select(['info', 'multipart_id', 'parts', 'tail_size'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    upload: toUpload(row.info),
    multipartId: row.multipart_id,
    parts: JSON.parse(row.parts) as StoredPart[],
    tailSize: Number(row.tail_size),
  };
}

export async function saveUploadProgress(
  db: Db,
  id: string,
  progress: { multipartId?: string | null; parts: StoredPart[]; tailSize: number },
): Promise<void> {
  await db
    .updateTable('uploads')
    .set({
      ...(progress.multipartId !== undefined ? { multipart_id: progress.multipartId } : {}),
      parts: JSON.stringify(progress.parts),
      tail_size: progress.tailSize,
    })
    .where('id', '=', id)
    .execute();
}

/** Forgets the records of `ids` and answers the S3 multipart ids still open among them. */
export async function deleteUploadRecords(
  db: Db,
  ids: readonly string[],
): Promise<Array<{ id: string; multipartId: string | null; tailSize: number }>> {
  if (ids.length === 0) return [];
  const rows = await db
    .deleteFrom('uploads')
    .where('id', 'in', ids)
    .returning(['id', 'multipart_id', 'tail_size'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    multipartId: row.multipart_id,
    tailSize: Number(row.tail_size),
  }));
}
