import type { ReportBody } from '@codedrop/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../adapters/db/schema.js';
import { addSeconds } from '../clock.js';
import { findShare } from '../share-repository.js';
import type { ShareRecord } from '../share-record.js';

type Db = Kysely<Database>;

export interface ReportRules {
  /** Distinct reporters (unreviewed reports) that quarantine a share. */
  quarantineAt: number;
  /** How long a quarantine keeps the share's row and blobs from being reclaimed. */
  holdSeconds: number;
}

export type FiledReport =
  { stored: false } | { stored: true; share: ShareRecord; quarantined: boolean };

/**
 * Files a visitor's report (docs/design.md#moderation). A code that has no share to review
 * (never existed, expired, gone) stores nothing, and the caller answers the same either
 * way. One reporter counts once per share until an operator reviews its reports; when
 * `quarantineAt` distinct reporters have reported it, the share is quarantined.
 */
export async function fileReport(
  db: Db,
  rules: ReportRules,
  report: { code: string; body: ReportBody; reporterHash: string; now: Date },
): Promise<FiledReport> {
  const { code, body, reporterHash, now } = report;
  const found = await findShare(db, code, now);
  if (found === null || (!found.live && found.record.quarantinedAt === null)) {
    return { stored: false };
  }
  const share = found.record;
  const inserted = await db
    .insertInto('reports')
    .values({
      code,
      share_type: share.type,
      share_size: shareSize(share),
      file_names:
        share.type === 'file' && !share.isEncrypted
          ? JSON.stringify(share.files.map((file) => file.name))
          : null,
      reporter_hash: reporterHash,
      reason: body.reason,
      message: body.message === undefined || body.message === '' ? null : body.message,
      email: body.email ?? null,
      created_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['code', 'reporter_hash']).where('reviewed_at', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted === undefined) return { stored: false };
  if (share.quarantinedAt !== null) return { stored: true, share, quarantined: false };
  const reporters = await countReporters(db, code);
  const quarantined = reporters >= rules.quarantineAt && (await quarantine(db, code, rules, now));
  return { stored: true, share, quarantined };
}

/** Bytes of a share as stored: its files, or a plain text's UTF-8; null for sealed text. */
function shareSize(share: ShareRecord): number | null {
  if (share.type === 'file') return share.files.reduce((total, file) => total + file.size, 0);
  return share.content === null ? null : Buffer.byteLength(share.content, 'utf8');
}

async function countReporters(db: Db, code: string): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.count<number | string>('reporter_hash').distinct().as('n'))
    .where('code', '=', code)
    .where('reviewed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Quarantines in one conditional UPDATE (true when this call did it) and keeps the row
 * and its blobs for `holdSeconds` even past its expiry, so the evidence is there when an
 * operator looks, and no longer.
 */
async function quarantine(db: Db, code: string, rules: ReportRules, now: Date) {
  const holdUntil = addSeconds(now, rules.holdSeconds);
  const row = await db
    .updateTable('shares')
    .set({
      quarantined_at: now,
      reclaim_after: sql`case when reclaim_after < ${holdUntil} then ${holdUntil} else reclaim_after end`,
    })
    .where('code', '=', code)
    .where('quarantined_at', 'is', null)
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
