import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../infra/db/port.js';

type Db = Kysely<Database>;

// The submissions table: what senders sent to a request (docs/design.md#data-model). Every
// statement on it is here.

export interface NewSubmission {
  id: string;
  requestCode: string;
  createdAt: Date;
  /** The header as JSON text, already checked. */
  header: string;
  /** The blob of its files (the tus upload's id); null for text only. */
  blobKey: string | null;
  storedBytes: number;
  /** Non-null while its upload runs: the bytes stored so far. */
  uploadReceived: number | null;
  /** The sender's keyed address hash, for an upload; null for a text. */
  uploadClient: string | null;
}

export interface StoredSubmission {
  id: string;
  createdAt: Date;
  header: string;
  blobKey: string | null;
  storedBytes: number;
}

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

export async function insertSubmission(db: Db, submission: NewSubmission): Promise<void> {
  await db
    .insertInto('submissions')
    .values({
      id: submission.id,
      request_code: submission.requestCode,
      created_at: submission.createdAt,
      header: submission.header,
      blob_key: submission.blobKey,
      stored_bytes: submission.storedBytes,
      upload_received: submission.uploadReceived,
      upload_touched_at: submission.uploadReceived === null ? null : submission.createdAt,
      upload_client: submission.uploadClient,
    })
    .execute();
}

/** The request's complete submissions (no upload running), oldest first. */
export async function completeSubmissions(db: Db, code: string): Promise<StoredSubmission[]> {
  const rows = await db
    .selectFrom('submissions')
    .select(['id', 'created_at', 'header', 'blob_key', 'stored_bytes'])
    .where('request_code', '=', code)
    .where('upload_received', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: toDate(row.created_at),
    header: row.header,
    blobKey: row.blob_key,
    storedBytes: Number(row.stored_bytes),
  }));
}

/** Deletes one submission of the request; its blob key (null for text), or undefined: none. */
export async function deleteSubmission(
  db: Db,
  code: string,
  id: string,
): Promise<{ blobKey: string | null } | undefined> {
  const row = await db
    .deleteFrom('submissions')
    .where('request_code', '=', code)
    .where('id', '=', id)
    .returning('blob_key')
    .executeTakeFirst();
  return row === undefined ? undefined : { blobKey: row.blob_key };
}

/** Deletes every submission of these requests; the blob keys they held. */
export async function deleteSubmissionsOf(db: Db, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .deleteFrom('submissions')
    .where('request_code', 'in', codes)
    .returning('blob_key')
    .execute();
  return rows.flatMap((row) => (row.blob_key === null ? [] : [row.blob_key]));
}

/** The blob keys of these requests' submissions: a read (a full disk can still answer it). */
export async function submissionBlobKeys(db: Db, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .selectFrom('submissions')
    .select('blob_key')
    .where('request_code', 'in', codes)
    .where('blob_key', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.blob_key === null ? [] : [row.blob_key]));
}

// A submission's upload (docs/api.md#requests): its row exists from the tus creation, with
// `upload_received` counting the bytes stored, and is listed once the statement that
// clears it has run. An upload names its submission by its key, `blob_key`.

/** What the submissions take of MAX_STORAGE_BYTES: every declared size, running or not. */
export async function submissionBytes(db: Db): Promise<number> {
  const row = await db
    .selectFrom('submissions')
    .select((eb) => eb.fn.sum<number | string | null>('stored_bytes').as('bytes'))
    .executeTakeFirstOrThrow();
  return Number(row.bytes ?? 0);
}

/** What one request's submissions take, for the console. */
export async function submissionBytesOf(db: Db, code: string): Promise<number> {
  const row = await db
    .selectFrom('submissions')
    .select((eb) => eb.fn.sum<number | string | null>('stored_bytes').as('bytes'))
    .where('request_code', '=', code)
    .executeTakeFirstOrThrow();
  return Number(row.bytes ?? 0);
}

/** Which of `keys` a submission owns (the orphan sweep keeps those). */
export async function ownedSubmissionKeys(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('submissions')
    .select('blob_key')
    .where('blob_key', 'in', keys)
    .execute();
  return new Set(rows.flatMap((row) => (row.blob_key === null ? [] : [row.blob_key])));
}

/** The blob of one complete submission with files; undefined when there is none. */
export async function submissionBlob(db: Db, code: string, id: string) {
  const row = await db
    .selectFrom('submissions')
    .select(['blob_key', 'stored_bytes'])
    .where('request_code', '=', code)
    .where('id', '=', id)
    .where('upload_received', 'is', null)
    .executeTakeFirst();
  if (row === undefined || row.blob_key === null) return undefined;
  return { key: row.blob_key, size: Number(row.stored_bytes) };
}

/**
 * Deletes the submissions whose request has no row any more: one that took its slot just
 * before its request was removed at once (by an operator) and was written just after.
 * `requests` is the shares repository's subquery of every request's code. Their blob keys.
 */
export async function deleteOrphanSubmissions(
  db: Db,
  requests: SelectQueryBuilder<Database, 'shares', { code: string }>,
): Promise<string[]> {
  const rows = await db
    .deleteFrom('submissions')
    .where('request_code', 'not in', requests)
    .returning('blob_key')
    .execute();
  return rows.flatMap((row) => (row.blob_key === null ? [] : [row.blob_key]));
}
