import {
  assertNever,
  type ErrorCode,
  type FileShareView,
  type Kdf,
  type ShareType,
  type ShareView,
  type TextShareView,
} from '@codedrop/contract';
import type { Selectable } from 'kysely';
import type { SharesTable, StoredShareType } from '../../infra/db/port.js';
import { fileEntries, storedFilesOf, type StoredFile } from '../files/stored-files.js';

/**
 * The columns a lookup reads: everything but the envelope and the recovery escrow, which
 * can be large and are read only by the two requests that hand them out.
 */
export const recordColumns = [
  'code',
  'type',
  'content',
  'is_encrypted',
  'kdf',
  'auth_verifier',
  'failed_unlocks',
  'recovery_email_hash',
  'created_at',
  'expires_at',
  'reclaim_after',
  'gone',
  'gone_reason',
  'files',
  'max_downloads',
  'download_count',
  'burn_after_reading',
  'upload_received',
  'quarantined_at',
  'viewed_at',
] as const satisfies ReadonlyArray<keyof SharesTable>;

export type ShareRow = Pick<Selectable<SharesTable>, (typeof recordColumns)[number]>;

/** A row of `shares` as the domain sees it, whatever dialect it came from. */
export interface ShareRecord {
  code: string;
  /** A share's kind, or `request` for an asker's request (modules/requests/). */
  type: StoredShareType;
  content: string | null;
  isEncrypted: boolean;
  /** The envelope's key-derivation parameters as JSON (the envelope itself is not read). */
  kdf: string | null;
  authVerifier: string | null;
  failedUnlocks: number;
  recoveryEmailHash: string | null;
  createdAt: Date;
  expiresAt: Date;
  reclaimAfter: Date;
  gone: boolean;
  goneReason: GoneReason | null;
  /** A file share's files in upload order (one or several); [] for text. */
  files: StoredFile[];
  maxDownloads: number | null;
  downloadCount: number;
  burnAfterReading: boolean;
  /** A resumable upload still running: the bytes stored so far; null once every byte is. */
  uploadReceived: number | null;
  /** Held for an operator's review after enough reports; null when served normally. */
  quarantinedAt: Date | null;
  /** When someone first looked it up; null until then. */
  viewedAt: Date | null;
}

/** A row that is a share, not a request: only these are ever served as shares. */
export type Share = ShareRecord & { type: ShareType };

export function isShare(record: ShareRecord): record is Share {
  return isShareType(record.type);
}

export function isShareType(type: StoredShareType): type is ShareType {
  return type !== 'request' && type !== 'room';
}

/** `abandoned`: a resumable upload that made no progress for UPLOAD_STALL_SECONDS. */
export type GoneReason = 'burnt' | 'exhausted' | 'destroyed' | 'deleted' | 'abandoned';

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
    kdf: row.kdf,
    authVerifier: row.auth_verifier,
    failedUnlocks: Number(row.failed_unlocks),
    recoveryEmailHash: row.recovery_email_hash,
    createdAt: toDate(row.created_at),
    expiresAt: toDate(row.expires_at),
    reclaimAfter: toDate(row.reclaim_after),
    gone: toBool(row.gone),
    goneReason: row.gone_reason as GoneReason | null,
    files: storedFilesOf(row),
    maxDownloads: row.max_downloads === null ? null : Number(row.max_downloads),
    downloadCount: Number(row.download_count),
    burnAfterReading: toBool(row.burn_after_reading),
    uploadReceived: row.upload_received === null ? null : Number(row.upload_received),
    quarantinedAt: row.quarantined_at === null ? null : toDate(row.quarantined_at),
    viewedAt: row.viewed_at === null ? null : toDate(row.viewed_at),
  };
}

/** The API's view of a live share: metadata, plaintext when allowed, never ciphertext. */
export function toShareView(record: Share, unlockMaxFailures: number): ShareView {
  // Built by assignment, not by spreading a common part: spreads cost every lookup a
  // generic object copy.
  const createdAt = record.createdAt.toISOString();
  const expiresAt = record.expiresAt.toISOString();
  const status = record.uploadReceived === null ? ('ready' as const) : ('uploading' as const);
  const { code, isEncrypted, burnAfterReading } = record;
  switch (record.type) {
    case 'clipboard':
    case 'notepad': {
      const view: TextShareView = {
        code,
        type: record.type,
        createdAt,
        expiresAt,
        status,
        isEncrypted,
        burnAfterReading,
      };
      // Plain text is in the view, unless it is to be read once (POST /read) or sealed.
      if (!isEncrypted && !burnAfterReading) view.content = record.content ?? '';
      return withUnlock(view, record, unlockMaxFailures);
    }
    case 'file': {
      const view: FileShareView = {
        code,
        type: 'file',
        createdAt,
        expiresAt,
        status,
        isEncrypted,
        burnAfterReading,
        files: fileEntries(record.files, isEncrypted),
        downloadCount: record.downloadCount,
        maxDownloads: record.maxDownloads ?? 0,
      };
      if (record.uploadReceived !== null) {
        // A resumable upload is one file, listed with the size it declared when it began.
        const totalBytes = record.files[0]?.size ?? 0;
        view.upload = { receivedBytes: Math.min(record.uploadReceived, totalBytes), totalBytes };
      }
      return withUnlock(view, record, unlockMaxFailures);
    }
    default:
      return assertNever(record.type);
  }
}

/** What an encrypted share's page needs to ask for the password: the KDF and tries left. */
function withUnlock<V extends ShareView>(view: V, record: Share, unlockMaxFailures: number) {
  if (record.isEncrypted && record.kdf !== null) {
    // Checked against the contract when the share was created.
    view.kdf = JSON.parse(record.kdf) as Kdf;
    view.attemptsLeft = Math.max(0, unlockMaxFailures - record.failedUnlocks);
  }
  return view;
}

/** Which 410 (or 404) a share that is no longer live answers with. */
export function goneErrorCode(
  record: Pick<ShareRecord, 'goneReason' | 'expiresAt'>,
  now: Date,
): ErrorCode {
  switch (record.goneReason) {
    case 'burnt':
      return 'SHARE_BURNT';
    case 'exhausted':
      return 'DOWNLOAD_LIMIT_REACHED';
    case 'destroyed':
      return 'SHARE_DESTROYED';
    case 'deleted':
      return 'SHARE_DELETED';
    default:
      return record.expiresAt <= now ? 'SHARE_EXPIRED' : 'SHARE_NOT_FOUND';
  }
}
