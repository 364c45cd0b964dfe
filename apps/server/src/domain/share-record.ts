import type { Selectable } from 'kysely';
import type { SharesTable } from '../adapters/db/schema.js';

export type ShareRow = Selectable<SharesTable>;

/** A share as the domain sees it, whatever dialect it came from. */
export interface ShareRecord {
  code: string;
  type: 'clipboard' | 'notepad' | 'file';
  content: string | null;
  isEncrypted: boolean;
  encryptedPayload: string | null;
  authVerifier: string | null;
  failedUnlocks: number;
  recoveryEmailHash: string | null;
  recoveryEscrow: string | null;
  createdAt: Date;
  expiresAt: Date;
  reclaimAfter: Date;
  gone: boolean;
  goneReason: GoneReason | null;
  fileName: string | null;
  fileSize: number | null;
  fileMime: string | null;
  blobKey: string | null;
  maxDownloads: number | null;
  downloadCount: number;
  burnAfterReading: boolean;
}

export type GoneReason = 'burnt' | 'exhausted' | 'destroyed' | 'deleted';

export const toDate = (value: Date | string): Date =>
  value instanceof Date ? value : new Date(value);
export const toBool = (value: boolean | number): boolean => value === true || value === 1;

/** The one place rows become records (SQLite's 0/1 and ISO text included). */
export function toShareRecord(row: ShareRow): ShareRecord {
  return {
    code: row.code,
    type: row.type,
    content: row.content,
    isEncrypted: toBool(row.is_encrypted),
    encryptedPayload: row.encrypted_payload,
    authVerifier: row.auth_verifier,
    failedUnlocks: Number(row.failed_unlocks),
    recoveryEmailHash: row.recovery_email_hash,
    recoveryEscrow: row.recovery_escrow,
    createdAt: toDate(row.created_at),
    expiresAt: toDate(row.expires_at),
    reclaimAfter: toDate(row.reclaim_after),
    gone: toBool(row.gone),
    goneReason: row.gone_reason as GoneReason | null,
    fileName: row.file_name,
    fileSize: row.file_size === null ? null : Number(row.file_size),
    fileMime: row.file_mime,
    blobKey: row.blob_key,
    maxDownloads: row.max_downloads === null ? null : Number(row.max_downloads),
    downloadCount: Number(row.download_count),
    burnAfterReading: toBool(row.burn_after_reading),
  };
}
