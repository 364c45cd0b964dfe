import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../infra/db/port.js';
import { recordColumns, toShareRecord, type ShareRecord } from '../share-record.js';

type Db = Kysely<Database>;

// The shares repository's statements on requests (modules/requests/): rows of `shares`
// with `type = 'request'`. Everything else about them (lookups by code, unlock attempts,
// endings, reports) is a share's statement.

export interface RequestRow {
  record: ShareRecord;
  /** The public part as stored: JSON `{message, publicKey, accepts}`. */
  info: string;
  maxSubmissions: number;
  submissionCount: number;
}

/** The request under `code` with its own columns; null when there is none (or a share). */
export async function findRequest(db: Db, code: string): Promise<RequestRow | null> {
  const row = await db
    .selectFrom('shares')
    .select([...recordColumns, 'request_info', 'max_submissions', 'submission_count'])
    .where('code', '=', code)
    .where('type', '=', 'request')
    .executeTakeFirst();
  if (row === undefined || row.request_info === null) return null;
  return {
    record: toShareRecord(row),
    info: row.request_info,
    maxSubmissions: Number(row.max_submissions ?? 0),
    submissionCount: Number(row.submission_count),
  };
}

/**
 * Takes one of a live request's submission slots in one conditional UPDATE, so a burst of
 * senders never takes more than its max_submissions; false when it is full, gone, expired
 * or held for review.
 */
export async function takeSubmissionSlot(db: Db, code: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('shares')
    .set((eb) => ({ submission_count: eb('submission_count', '+', 1) }))
    .where('code', '=', code)
    .where('type', '=', 'request')
    .where('gone', '=', false)
    .where('expires_at', '>', now)
    .where('quarantined_at', 'is', null)
    .where(sql<boolean>`submission_count < max_submissions`)
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

/** A slot taken by a submission that never completed (given up, stalled) is free again. */
export async function giveSubmissionSlotBack(db: Db, code: string): Promise<void> {
  await db
    .updateTable('shares')
    .set((eb) => ({ submission_count: eb('submission_count', '-', 1) }))
    .where('code', '=', code)
    .where('type', '=', 'request')
    .where('submission_count', '>', 0)
    .execute();
}

/**
 * Every request's code, as a subquery of the submissions repository's statements
 * (modules/requests/submissions.repository.ts): a submission outside it has no request.
 */
export function requestCodes(db: Db) {
  return db.selectFrom('shares').select('code').where('type', '=', 'request');
}
