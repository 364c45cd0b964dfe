import type { ReportBody } from '@codedrop/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { addSeconds } from '../../infra/runtime/clock.js';
import { recordColumns, toShareRecord, type ShareRecord } from '../shares/share-record.js';

type Db = Kysely<Database>;

export interface ReportRules {
  /** Distinct reporters (unreviewed reports) that quarantine a share. */
  quarantineAt: number;
  /** Distinct networks (/24, /48) those reporters must come from. */
  quarantineNetworks: number;
  /** How long a quarantine keeps the share's row and blobs from being reclaimed. */
  holdSeconds: number;
}

export interface FiledReport {
  /** A report was stored: the code has a share to review and this reporter is new to it. */
  stored: boolean;
  /** This report quarantined the share. */
  quarantined: boolean;
}

/**
 * Files a visitor's report (docs/design.md#moderation). A code that has no share to review
 * (never existed, expired, gone) stores nothing, and the caller answers the same either
 * way. One reporter counts once per share until an operator reviews its reports; when
 * `quarantineAt` distinct reporters from `quarantineNetworks` distinct networks have
 * reported it, the share is quarantined.
 *
 * Whether the code has a share must not show in how long the answer takes, so both paths
 * send the same three statements: the share's row is read, the report is inserted only if
 * the share can be reported (a condition of the INSERT itself), and the quarantine's
 * UPDATE counts the reporters in its own condition.
 */
export async function fileReport(
  db: Db,
  rules: ReportRules,
  report: {
    code: string;
    body: ReportBody;
    reporterHash: string;
    networkHash: string;
    now: Date;
  },
): Promise<FiledReport> {
  const { code, body, now } = report;
  const row = await db
    .selectFrom('shares')
    .select(recordColumns)
    .where('code', '=', code)
    .executeTakeFirst();
  const share = row === undefined ? null : toShareRecord(row);
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
          eb.val(code).as('code'),
          eb.val(share?.type ?? 'clipboard').as('share_type'),
          eb.val(share === null ? null : shareSize(share)).as('share_size'),
          eb.val(share === null ? null : fileNames(share)).as('file_names'),
          eb.val(report.reporterHash).as('reporter_hash'),
          eb.val(report.networkHash).as('reporter_network'),
          eb.val(body.reason).as('reason'),
          eb
            .val(body.message === undefined || body.message === '' ? null : body.message)
            .as('message'),
          eb.val(body.email ?? null).as('email'),
          eb.val(now).as('created_at'),
        ])
        .where((eb) => eb.exists(reportable(db, code, now))),
    )
    .onConflict((conflict) =>
      conflict.columns(['code', 'reporter_hash']).where('reviewed_at', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  const quarantined = await quarantine(db, code, rules, now);
  return { stored: inserted !== undefined, quarantined };
}

/** The share under `code` if it can be reported: live, or already held for review. */
function reportable(db: Db, code: string, now: Date) {
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

/** Bytes of a share as stored: its files, or a plain text's UTF-8; null for sealed text. */
function shareSize(share: ShareRecord): number | null {
  if (share.type === 'file') return share.files.reduce((total, file) => total + file.size, 0);
  return share.content === null ? null : Buffer.byteLength(share.content, 'utf8');
}

/** A plain file share's names as JSON, for the operator; null otherwise. */
function fileNames(share: ShareRecord): string | null {
  if (share.type !== 'file' || share.isEncrypted) return null;
  return JSON.stringify(share.files.map((file) => file.name));
}

/**
 * Quarantines a live share in one conditional UPDATE once its unreviewed reports come
 * from enough reporters and networks (true when this call did it), and keeps the row and
 * its blobs for `holdSeconds` even past its expiry, so the evidence is there when an
 * operator looks, and no longer. Reports filed before networks were recorded count as a
 * network each.
 */
async function quarantine(db: Db, code: string, rules: ReportRules, now: Date) {
  const holdUntil = addSeconds(now, rules.holdSeconds);
  const unreviewed = (counted: ReturnType<typeof sql<number>>) =>
    db
      .selectFrom('reports')
      .select(counted.as('n'))
      .where('code', '=', code)
      .where('reviewed_at', 'is', null);
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
    .where(unreviewed(sql<number>`count(distinct reporter_hash)`), '>=', rules.quarantineAt)
    .where(
      unreviewed(sql<number>`count(distinct coalesce(reporter_network, reporter_hash))`),
      '>=',
      rules.quarantineNetworks,
    )
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
