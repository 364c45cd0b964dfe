import { SqliteAdapter, sql, type Insertable, type Kysely } from 'kysely';
import { compiledQuery, type Database, type SharesTable } from '../../../infra/db/port.js';
import { groupedLookups, type LookupRow } from './grouped-lookups.js';
import {
  recordColumns,
  toShareRecord,
  type GoneReason,
  type ShareRecord,
  type ShareRow,
} from '../share-record.js';
import { storedFilesOf, type StoredFile } from '../../files/stored-files.js';

type Db = Kysely<Database>;
/**
 * A new share's row: never gone or quarantined, nothing counted yet (those columns take
 * their defaults).
 */
export type NewShare = Insertable<
  Omit<
    SharesTable,
    | 'gone'
    | 'gone_reason'
    | 'failed_unlocks'
    | 'download_count'
    | 'quarantined_at'
    | 'submission_count'
    | 'room_version'
    | 'room_base_version'
    | 'room_device'
    | 'viewed_at'
  >
>;

export interface FoundShare {
  record: ShareRecord;
  /** Decided from the row as read: not gone and not expired at `now`. */
  live: boolean;
}

/**
 * The lookup every request by code starts with, built and compiled once per database: on
 * PostgreSQL grouped with the others of the same turn (grouped-lookups.ts); on SQLite, and
 * inside a transaction, one statement (SQLite groups its reads itself, group-reads.ts).
 */
const lookups = new WeakMap<Db, LookupRow>();

function compileLookup(db: Db): LookupRow {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter) && !db.isTransaction) {
    return groupedLookups(db).row;
  }
  const select = compiledQuery(db, ['code'] as const, ({ code }) =>
    db.selectFrom('shares').select(recordColumns).where('code', '=', code),
  );
  return async (code) => (await select({ code }))[0];
}

export async function findShare(db: Db, code: string, now: Date): Promise<FoundShare | null> {
  let lookup = lookups.get(db);
  if (lookup === undefined) {
    lookup = compileLookup(db);
    lookups.set(db, lookup);
  }
  const row: ShareRow | undefined = await lookup(code);
  if (row === undefined) return null;
  const record = toShareRecord(row);
  return { record, live: !record.gone && record.expiresAt.getTime() > now.getTime() };
}

/** The envelope and recovery escrow of a share, for the requests that hand them out. */
export async function findSecrets(
  db: Db,
  code: string,
): Promise<{ encryptedPayload: string | null; recoveryEscrow: string | null } | null> {
  const row = await db
    .selectFrom('shares')
    .select(['encrypted_payload', 'recovery_escrow'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (row === undefined) return null;
  return { encryptedPayload: row.encrypted_payload, recoveryEscrow: row.recovery_escrow };
}

/**
 * Takes one of a live encrypted share's UNLOCK_MAX_FAILURES attempts before the key is
 * compared, in one conditional UPDATE: however many keys arrive at once, at most
 * `maxFailures` are ever compared. Returns the attempt's number and the verifier to
 * compare against, or null when the share is not live or every attempt is taken.
 */
export async function reserveUnlockAttempt(
  db: Db,
  code: string,
  now: Date,
  maxFailures: number,
): Promise<{ attempt: number; authVerifier: string | null } | null> {
  const row = await db
    .updateTable('shares')
    .set((eb) => ({ failed_unlocks: eb('failed_unlocks', '+', 1) }))
    .where('code', '=', code)
    .where('gone', '=', false)
    .where('expires_at', '>', now)
    .where('failed_unlocks', '<', maxFailures)
    .returning(['failed_unlocks', 'auth_verifier'])
    .executeTakeFirst();
  if (row === undefined) return null;
  return { attempt: Number(row.failed_unlocks), authVerifier: row.auth_verifier };
}

/** A right key gives its attempt back, so successes never use up the wrong-key budget. */
export async function refundUnlockAttempt(db: Db, code: string): Promise<void> {
  await db
    .updateTable('shares')
    .set((eb) => ({ failed_unlocks: eb('failed_unlocks', '-', 1) }))
    .where('code', '=', code)
    .where('failed_unlocks', '>', 0)
    .execute();
}

export interface CountedDownload {
  downloadCount: number;
  maxDownloads: number;
  /** Every file of the share, in upload order: one counted download takes them all. */
  files: StoredFile[];
}

/**
 * Takes one download from a live file share in a single conditional UPDATE, so concurrent
 * requests can never take more than max_downloads. One download is the whole share: the
 * URLs of all its files. The last one ends the share (`exhausted`, share-ends.ts) in this
 * same statement. reclaim_after moves to at least the URLs' expiry, so the blobs outlive
 * every issued URL (the sweeper releases them).
 */
export async function countDownload(
  db: Db,
  code: string,
  now: Date,
  urlExpiry: Date,
): Promise<CountedDownload | null> {
  const last = sql<boolean>`download_count + 1 >= max_downloads`;
  const row = await db
    .updateTable('shares')
    .set((eb) => ({
      download_count: eb('download_count', '+', 1),
      gone: sql`case when ${last} then ${true} else gone end`,
      gone_reason: sql`case when ${last} then ${'exhausted' satisfies GoneReason} else gone_reason end`,
      reclaim_after: sql`case when ${last} or reclaim_after < ${urlExpiry} then ${urlExpiry} else reclaim_after end`,
      // The last download makes the share gone: its envelope and escrow go with it.
      encrypted_payload: sql`case when ${last} then null else encrypted_payload end`,
      recovery_escrow: sql`case when ${last} then null else recovery_escrow end`,
      recovery_email_hash: sql`case when ${last} then null else recovery_email_hash end`,
    }))
    .where('code', '=', code)
    .where('type', '=', 'file')
    .where('upload_received', 'is', null)
    .where('quarantined_at', 'is', null)
    .where('gone', '=', false)
    .where('expires_at', '>', now)
    .where(sql<boolean>`download_count < max_downloads`)
    .returning(['download_count', 'max_downloads', 'files'])
    .executeTakeFirst();
  if (row === undefined) return null;
  const files = storedFilesOf(row);
  if (files.length === 0) return null;
  return {
    downloadCount: Number(row.download_count),
    maxDownloads: Number(row.max_downloads),
    files,
  };
}
