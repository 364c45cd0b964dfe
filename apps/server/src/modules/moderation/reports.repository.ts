import { sql, type Kysely, type OperandExpression, type RawBuilder } from 'kysely';
import type { Database, StoredShareType } from '../../infra/db/port.js';

type Db = Kysely<Database>;

// The reports table (docs/design.md#moderation): visitors' reports, and what the operator's
// console reads of them. Where one statement needs both tables, the other table's part is
// passed in as a subquery built by its own repository (repository/moderation.ts).

export interface NewReport {
  code: string;
  shareType: StoredShareType;
  shareSize: number | null;
  fileNames: string | null;
  reporterHash: string;
  networkHash: string;
  reason: string;
  message: string | null;
  email: string | null;
  now: Date;
}

/**
 * Stores a report if `reportable` (the shares repository's subquery) finds its share, and
 * this reporter has no unreviewed report on it yet: one statement either way, whatever the
 * outcome. This statement on reports and shares lives in the reports repository. True when
 * a report was stored.
 */
export async function insertReport(
  db: Db,
  report: NewReport,
  reportable: OperandExpression<unknown>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('reports')
    .columns([
      'code',
      'share_type',
      'share_size',
      'file_names',
      'reporter_hash',
      'reporter_network',
      'reason',
      'message',
      'email',
      'created_at',
    ])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.val(report.code).as('code'),
          eb.val(report.shareType).as('share_type'),
          eb.val(report.shareSize).as('share_size'),
          eb.val(report.fileNames).as('file_names'),
          eb.val(report.reporterHash).as('reporter_hash'),
          eb.val(report.networkHash).as('reporter_network'),
          eb.val(report.reason).as('reason'),
          eb.val(report.message).as('message'),
          eb.val(report.email).as('email'),
          eb.val(report.now).as('created_at'),
        ])
        .where((eb) => eb.exists(reportable)),
    )
    .onConflict((conflict) =>
      conflict.columns(['code', 'reporter_hash']).where('reviewed_at', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

const unreviewed = (db: Db, code: string, counted: RawBuilder<number>) =>
  db
    .selectFrom('reports')
    .select(counted.as('n'))
    .where('code', '=', code)
    .where('reviewed_at', 'is', null);

/**
 * How many distinct reporters, and networks, the share's unreviewed reports come from: the
 * subqueries of the quarantine's UPDATE (repository/moderation.ts). Reports filed
 * before networks were recorded count as a network each.
 */
export function unreviewedCounts(db: Db, code: string) {
  return {
    reporters: unreviewed(db, code, sql<number>`count(distinct reporter_hash)`),
    networks: unreviewed(
      db,
      code,
      sql<number>`count(distinct coalesce(reporter_network, reporter_hash))`,
    ),
  };
}

/** Marks the share's reports reviewed: they stay, and stop counting. */
export async function markReportsReviewed(db: Db, code: string, now: Date): Promise<void> {
  await db
    .updateTable('reports')
    .set({ reviewed_at: now })
    .where('code', '=', code)
    .where('reviewed_at', 'is', null)
    .execute();
}

/** A report is about the share it was filed against: it goes when the share's row goes. */
export async function deleteReportsOf(db: Db, codes: readonly string[]): Promise<void> {
  if (codes.length === 0) return;
  await db.deleteFrom('reports').where('code', 'in', codes).execute();
}

export async function countReportsSince(db: Db, since: Date) {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Codes with unreviewed reports, the most recently reported first, with their counts. */
export async function unreviewedGroups(db: Db, limit: number) {
  return db
    .selectFrom('reports')
    .select([
      'code',
      (eb) => eb.fn.countAll<number | string>().as('reports'),
      (eb) => eb.fn.count<number | string>('reporter_hash').distinct().as('reporters'),
      (eb) => eb.fn.max('created_at').as('latest'),
    ])
    .where('reviewed_at', 'is', null)
    .groupBy('code')
    .orderBy(sql`max(created_at)`, 'desc')
    .limit(limit)
    .execute();
}

/** How many unreviewed reports give each reason, per code. */
export async function unreviewedReasons(db: Db, codes: readonly string[]) {
  return db
    .selectFrom('reports')
    .select(['code', 'reason', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('code', 'in', codes)
    .where('reviewed_at', 'is', null)
    .groupBy(['code', 'reason'])
    .execute();
}

/** Every report on the share, the newest first. */
export async function reportsOf(db: Db, code: string) {
  return db
    .selectFrom('reports')
    .select(['reason', 'message', 'email', 'reporter_hash', 'created_at'])
    .where('code', '=', code)
    .orderBy('id', 'desc')
    .execute();
}

/** Reports on the share not yet reviewed (its creator's live view says it was reported). */
export async function countUnreviewed(db: Db, code: string): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('code', '=', code)
    .where('reviewed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
