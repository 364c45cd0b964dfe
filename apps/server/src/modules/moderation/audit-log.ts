import type { AdminAction, AdminAuditEntry } from '@codedrop/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { addSeconds } from '../../infra/runtime/clock.js';
import { toDate } from '../shares/share-record.js';
import { deleteAuditBefore, insertAudit, latestAudit } from './audit-log.repository.js';

type Db = Kysely<Database>;

/** Audit rows are kept for a year, then deleted by the sweeper. */
export const auditRetentionSeconds = 365 * 86_400;

/** How much of a keyed address hash the console shows: enough to tell addresses apart. */
export const shownHashChars = 10;

export interface AuditEvent {
  action: AdminAction;
  code?: string | null;
  session?: string | null;
  ipHash: string;
  detail?: string | null;
  at: Date;
}

export async function recordAudit(db: Db, event: AuditEvent): Promise<void> {
  await insertAudit(db, {
    at: event.at,
    action: event.action,
    code: event.code ?? null,
    session: event.session ?? null,
    ip_hash: event.ipHash,
    detail: event.detail ?? null,
  });
}

export async function listAudit(db: Db, limit = 200): Promise<AdminAuditEntry[]> {
  const rows = await latestAudit(db, limit);
  return rows.map((row) => ({
    at: toDate(row.at).toISOString(),
    action: row.action as AdminAction,
    code: row.code,
    session: row.session,
    ip: row.ip_hash.slice(0, shownHashChars),
    detail: row.detail,
  }));
}

export async function deleteOldAudit(db: Db, now: Date): Promise<void> {
  await deleteAuditBefore(db, addSeconds(now, -auditRetentionSeconds));
}
