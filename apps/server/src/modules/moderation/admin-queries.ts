import {
  shareTypes,
  type AdminOverview,
  type AdminRequest,
  type AdminQueueEntry,
  type AdminReport,
  type AdminShare,
  type AdminShareStatus,
  type ReportReason,
} from '@codedrop/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { addSeconds } from '../../infra/runtime/clock.js';
import {
  consoleShare,
  countQuarantined,
  countSharesCreatedSince,
  liveSharesByType,
  queueShares,
  storedFileBytes,
} from '../shares/repository/index.js';
import { isShareType, toBool, toDate } from '../shares/share-record.js';
import { parseRequestInfo } from '../requests/request-info.js';
import { storedFilesOf } from '../files/stored-files.js';
import { submissionBytes, submissionBytesOf } from '../requests/submissions.repository.js';
import { shownHashChars } from './audit-log.js';
import { countBlockedHashes } from './blocked-hashes.repository.js';
import {
  countReportsSince,
  reportsOf as reportRows,
  unreviewedGroups,
  unreviewedReasons,
} from './reports.repository.js';

type Db = Kysely<Database>;

// What the console reads (docs/api.md#admin), from the shares, reports and block list
// repositories: rows become the console's objects here.

interface StatusColumns {
  gone: boolean | number;
  expires_at: Date | string;
  quarantined_at: Date | string | null;
}

function statusOf(row: StatusColumns, now: Date): AdminShareStatus {
  if (row.quarantined_at !== null) return 'quarantined';
  if (toBool(row.gone)) return 'gone';
  return toDate(row.expires_at) <= now ? 'expired' : 'live';
}

const iso = (value: Date | string) => toDate(value).toISOString();
const count = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

export async function adminOverview(db: Db, now: Date): Promise<AdminOverview> {
  const dayAgo = addSeconds(now, -86_400);
  const live = await liveSharesByType(db, now);
  const liveShares = Object.fromEntries(shareTypes.map((type) => [type, 0])) as Record<
    (typeof shareTypes)[number],
    number
  >;
  let liveRequests = 0;
  for (const row of live) {
    if (isShareType(row.type)) liveShares[row.type] = count(row.n);
    else if (row.type === 'request') liveRequests = count(row.n);
  }
  const [created, reports, quarantined, blocked] = await Promise.all([
    countSharesCreatedSince(db, dayAgo),
    countReportsSince(db, dayAgo),
    countQuarantined(db),
    countBlockedHashes(db),
  ]);
  return {
    liveShares,
    liveRequests,
    storageBytes: (await storedFileBytes(db)) + (await submissionBytes(db)),
    createdLast24h: count(created),
    reportsLast24h: count(reports),
    quarantined: count(quarantined),
    blockedHashes: count(blocked),
  };
}

/** Shares with unreviewed reports, the most recently reported first. */
export async function reportQueue(db: Db, now: Date, limit = 200): Promise<AdminQueueEntry[]> {
  const groups = await unreviewedGroups(db, limit);
  if (groups.length === 0) return [];
  const codes = groups.map((group) => group.code);
  const [shares, reasons] = await Promise.all([
    queueShares(db, codes),
    unreviewedReasons(db, codes),
  ]);
  const byCode = new Map(shares.map((share) => [share.code, share]));
  return groups.flatMap((group): AdminQueueEntry[] => {
    const share = byCode.get(group.code);
    // Reports go with their share; one whose row was just reclaimed has nothing to show.
    if (share === undefined) return [];
    return [
      {
        code: group.code,
        type: share.type,
        encrypted: toBool(share.is_encrypted),
        status: statusOf(share, now),
        reports: count(group.reports),
        reporters: count(group.reporters),
        reasons: reasons
          .filter((row) => row.code === group.code)
          .map((row) => ({ reason: row.reason as ReportReason, count: count(row.n) }))
          .sort((a, b) => b.count - a.count),
        latestReportAt: iso(group.latest as Date | string),
        quarantinedAt: share.quarantined_at === null ? null : iso(share.quarantined_at),
      },
    ];
  });
}

/** A share as the operator sees it; null when there is no row for the code. */
export async function adminShare(db: Db, code: string, now: Date): Promise<AdminShare | null> {
  const row = await consoleShare(db, code);
  if (row === undefined) return null;
  if (row.type === 'request') return adminRequest(db, row, now);
  const encrypted = toBool(row.is_encrypted);
  const files = storedFilesOf(row).map((file, index) => ({
    index,
    name: encrypted ? null : file.name,
    size: file.size,
    type: encrypted ? null : file.mime,
    sha256: file.sha256 ?? null,
  }));
  const plain = !encrypted && row.content !== null;
  return {
    code: row.code,
    type: row.type,
    encrypted,
    status: statusOf(row, now),
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    quarantinedAt: row.quarantined_at === null ? null : iso(row.quarantined_at),
    size:
      row.type === 'file'
        ? Number(row.total_bytes ?? 0)
        : Buffer.byteLength(row.content ?? '', 'utf8'),
    downloadCount: Number(row.download_count),
    maxDownloads: row.max_downloads === null ? null : Number(row.max_downloads),
    text: plain && row.type === 'clipboard' ? row.content : null,
    noteHtml: plain && row.type === 'notepad' ? row.content : null,
    files,
    request: null,
    reports: await reportsOf(db, code),
  };
}

type ConsoleRow = NonNullable<Awaited<ReturnType<typeof consoleShare>>>;

/**
 * A request as the operator sees it: its public part (the message anyone with the code
 * reads) and its slots. Every submission is sealed to the asker, so the request counts as
 * encrypted and shows no files: their names are inside the ciphertext.
 */
async function adminRequest(db: Db, row: ConsoleRow, now: Date): Promise<AdminShare> {
  const info = row.request_info === null ? null : parseRequestInfo(row.request_info);
  const request: AdminRequest = {
    message: info?.message ?? null,
    accepts: info?.accepts ?? { files: false, text: false },
    submissions: count(row.submission_count),
    maxSubmissions: count(row.max_submissions),
  };
  return {
    code: row.code,
    type: 'request',
    encrypted: true,
    status: statusOf(row, now),
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    quarantinedAt: row.quarantined_at === null ? null : iso(row.quarantined_at),
    size: await submissionBytesOf(db, row.code),
    downloadCount: 0,
    maxDownloads: null,
    text: null,
    noteHtml: null,
    files: [],
    request,
    reports: await reportsOf(db, row.code),
  };
}

async function reportsOf(db: Db, code: string): Promise<AdminReport[]> {
  const rows = await reportRows(db, code);
  return rows.map((row) => ({
    reason: row.reason as ReportReason,
    message: row.message,
    email: row.email,
    reporter: row.reporter_hash.slice(0, shownHashChars),
    createdAt: iso(row.created_at),
  }));
}
