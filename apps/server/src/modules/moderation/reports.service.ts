import type { ReportBody } from '@codedrop/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { addSeconds } from '../../infra/runtime/clock.js';
import type { ShareRecord } from '../shares/share-record.js';
import { quarantineShare, reportableShare, shareToReport } from '../shares/repository/index.js';
import { insertReport, unreviewedCounts } from './reports.repository.js';

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
  const share = await shareToReport(db, code);
  const stored = await insertReport(
    db,
    {
      code,
      shareType: share?.type ?? 'clipboard',
      shareSize: share === null ? null : shareSize(share),
      fileNames: share === null ? null : fileNames(share),
      reporterHash: report.reporterHash,
      networkHash: report.networkHash,
      reason: body.reason,
      message: body.message === undefined || body.message === '' ? null : body.message,
      email: body.email ?? null,
      now,
    },
    reportableShare(db, code, now),
  );
  // Quarantined once its unreviewed reports come from enough reporters and networks; the
  // row and its blobs are kept for `holdSeconds` even past its expiry, so the evidence is
  // there when an operator looks, and no longer.
  const quarantined = await quarantineShare(
    db,
    code,
    now,
    addSeconds(now, rules.holdSeconds),
    unreviewedCounts(db, code),
    { reporters: rules.quarantineAt, networks: rules.quarantineNetworks },
  );
  return { stored, quarantined };
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
