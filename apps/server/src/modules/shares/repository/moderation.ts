import { sql, type Kysely, type OperandExpression } from 'kysely';
import type { Database } from '../../../infra/db/port.js';
import { recordColumns, toBool, toDate, toShareRecord, type ShareRecord } from '../share-record.js';
import { storedFilesOf, type StoredFile } from '../../files/stored-files.js';

type Db = Kysely<Database>;

// The shares repository's statements for moderation (docs/design.md#moderation): reporting,
// quarantine and the operator's review. The reports' own statements are in
// modules/moderation/reports.repository.ts; where one statement needs both tables, the
// other table's part is passed in as a subquery built by its own repository.

/** The share under `code` as a report records it; null when there is no row. */
export async function shareToReport(db: Db, code: string): Promise<ShareRecord | null> {
  const row = await db
    .selectFrom('shares')
    .select(recordColumns)
    .where('code', '=', code)
    .executeTakeFirst();
  return row === undefined ? null : toShareRecord(row);
}

/**
 * The share under `code` if it can be reported (live, or already held for review): the
 * subquery of the report's INSERT (reports.repository.ts), which stores a report only then.
 */
export function reportableShare(db: Db, code: string, now: Date) {
  return db
    .selectFrom('shares')
    .select('code')
    .where('code', '=', code)
    .where((share) =>
      share.or([
        share.and([share('gone', '=', false), share('expires_at', '>', now)]),
        share('quarantined_at', 'is not', null),
      ]),
    );
}

/** Counts of a share's unreviewed reports, as subqueries of reports.repository.ts. */
export interface UnreviewedCounts {
  reporters: OperandExpression<number>;
  networks: OperandExpression<number>;
}

/**
 * Quarantines a live share in one conditional UPDATE once `counts` reach `needed` (true when
 * this call did it), and keeps the row and its blobs until at least `holdUntil`. This
 * statement on shares and reports lives in the shares repository; its counts come from
 * the reports repository.
 */
export async function quarantineShare(
  db: Db,
  code: string,
  now: Date,
  holdUntil: Date,
  counts: UnreviewedCounts,
  needed: { reporters: number; networks: number },
): Promise<boolean> {
  const row = await db
    .updateTable('shares')
    .set({
      quarantined_at: now,
      reclaim_after: sql`case when reclaim_after < ${holdUntil} then ${holdUntil} else reclaim_after end`,
    })
    .where('code', '=', code)
    .where('quarantined_at', 'is', null)
    .where('gone', '=', false)
    .where('expires_at', '>', now)
    .where(counts.reporters, '>=', needed.reporters)
    .where(counts.networks, '>=', needed.networks)
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the share under `code` is held for review (false when there is none). */
export async function isQuarantined(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('shares')
    .select('quarantined_at')
    .where('code', '=', code)
    .executeTakeFirst();
  return row !== undefined && row.quarantined_at !== null;
}

/** What an operator's review needs of the share: null when there is no row. */
export async function reviewedShare(db: Db, code: string) {
  const row = await db
    .selectFrom('shares')
    .select(['code', 'gone', 'expires_at', 'quarantined_at'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    gone: toBool(row.gone),
    expiresAt: toDate(row.expires_at),
    quarantined: row.quarantined_at !== null,
  };
}

/** Serves the share again, to be reclaimed after `reclaimAfter`. */
export async function liftQuarantine(db: Db, code: string, reclaimAfter: Date): Promise<void> {
  await db
    .updateTable('shares')
    .set({ quarantined_at: null, reclaim_after: reclaimAfter })
    .where('code', '=', code)
    .execute();
}

/** The type and files of the share an operator is blocking; null when there is no row. */
export async function shareToBlock(
  db: Db,
  code: string,
): Promise<{ type: ShareRecord['type']; files: StoredFile[] } | null> {
  const row = await db
    .selectFrom('shares')
    .select(['type', 'files'])
    .where('code', '=', code)
    .executeTakeFirst();
  return row === undefined ? null : { type: row.type, files: storedFilesOf(row) };
}
