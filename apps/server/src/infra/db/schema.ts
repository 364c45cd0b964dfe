import type { ShareType } from '@codedrop/contract';
import type { ColumnType, Kysely } from 'kysely';

/** SQLite hands back ISO text and 0/1; PostgreSQL hands back Date and boolean. */
export type Timestamp = ColumnType<Date | string, Date, Date>;
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** Columns with a database default may be left out of inserts. */
export type DefaultedBool = ColumnType<boolean | number, boolean | undefined, boolean>;
export type DefaultedInt = ColumnType<number, number | undefined, number>;

/**
 * What a row of `shares` holds: a share of one of the kinds, or an asker's request
 * (migration 0018), which is never served as a share.
 */
export type StoredShareType = ShareType | 'request' | 'room';

export interface SharesTable {
  code: string;
  type: StoredShareType;
  content: string | null;
  is_encrypted: DefaultedBool;
  encrypted_payload: string | null;
  /** The envelope's `kdf` as JSON, kept apart so lookups need not read the envelope. */
  kdf: ColumnType<string | null, string | null | undefined, string | null>;
  auth_verifier: string | null;
  failed_unlocks: DefaultedInt;
  recovery_email_hash: string | null;
  recovery_escrow: string | null;
  delete_token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  reclaim_after: Timestamp;
  gone: DefaultedBool;
  /** Why a share became gone early: burnt, exhausted, destroyed, deleted. */
  gone_reason: string | null;
  /** A file share's stored bytes, all its files together (what the storage quota sums). */
  total_bytes: ColumnType<number | string | null, number | null | undefined, number | null>;
  /**
   * A file share's files, one or several, as JSON `[{key, name, size, mime, sha256?}]` in
   * upload order (StoredFile; migration 0016); null for text.
   */
  files: ColumnType<string | null, string | null | undefined, string | null>;
  /** The first file's key, computed by the database from `files` (never written). */
  first_file_key: ColumnType<string | null, never, never>;
  max_downloads: number | null;
  download_count: DefaultedInt;
  burn_after_reading: DefaultedBool;
  /** A resumable upload's stored bytes while it runs; null once complete (and for all else). */
  upload_received: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** When the running upload last made progress (stalled uploads are reclaimed). */
  upload_touched_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  /** Keyed hash of the client running the upload (migration 0015); null once complete. */
  upload_client: ColumnType<string | null, string | null | undefined, string | null>;
  /** Reported by enough distinct visitors: held for an operator (every read answers 451). */
  quarantined_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  /**
   * A request's public part as JSON `{message, publicKey, accepts}` (migration 0018); null
   * for a share.
   */
  request_info: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many submissions a request takes; null for a share. */
  max_submissions: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** Submissions taken so far, running uploads included (a slot each). */
  submission_count: DefaultedInt;
  /** A room's edits so far (migration 0019); 0 for everything else. */
  room_version: DefaultedInt;
  /** The version the device that made the last edit had seen. */
  room_base_version: DefaultedInt;
  /** The device that made the last edit; null before the first. */
  room_device: ColumnType<string | null, string | null | undefined, string | null>;
  /** When someone first looked the share up (migration 0020); null until then. */
  viewed_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
}

/** A device connected to a room now, held by one connection (migration 0019). */
export interface RoomDevicesTable {
  code: string;
  device: string;
  /** The connection: its process's id, a colon, the connection's number there. */
  holder: string;
  seen_at: Timestamp;
}

/**
 * One submission to a request (migration 0018): its sealed header, and with files the one
 * object that holds their encrypted streams back to back.
 */
export interface SubmissionsTable {
  /** Random, URL-safe. */
  id: string;
  request_code: string;
  created_at: Timestamp;
  /** The submission header as JSON (packages/crypto's parseSubmissionHeader checked it). */
  header: string;
  /** The blob of its files, the tus upload's id; null for text only. */
  blob_key: string | null;
  stored_bytes: ColumnType<number | string, number | undefined, number>;
  /** While its upload runs: the bytes stored so far; null once complete (and for text). */
  upload_received: ColumnType<number | string | null, number | null | undefined, number | null>;
  upload_touched_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  /** While its upload runs: the keyed hash of the sender's address, for the upload caps. */
  upload_client: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An abuse report: one per reporter and share until an operator reviews them. */
export interface ReportsTable {
  id: ColumnType<number | string, never, never>;
  code: string;
  share_type: StoredShareType;
  share_size: ColumnType<number | string | null, number | null, number | null>;
  /** A plain file share's names as a JSON array, for the operator; null otherwise. */
  file_names: string | null;
  /**
   * HMAC of the reporter's address, an IPv6 one cut to its RATE_LIMIT_IPV6_PREFIX
   * (docs/design.md#moderation): tells reporters apart.
   */
  reporter_hash: string;
  /** HMAC of the reporter's /24 or /48 network (migration 0013); null before it. */
  reporter_network: ColumnType<string | null, string | null | undefined, string | null>;
  reason: string;
  message: string | null;
  email: string | null;
  created_at: Timestamp;
  reviewed_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
}

export interface BlockedHashesTable {
  sha256: string;
  /** The share it was blocked from. */
  code: string | null;
  created_at: Timestamp;
}

export interface AdminSessionsTable {
  /** SHA-256 of the session cookie's value: a stolen database opens no console. */
  token_hash: string;
  csrf_token: string;
  ip_hash: string;
  /** Which ADMIN_PASSWORD_HASH it was opened under (migration 0014); null before it. */
  password_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface AuditLogTable {
  id: ColumnType<number | string, never, never>;
  at: Timestamp;
  action: string;
  code: string | null;
  session: string | null;
  ip_hash: string;
  detail: string | null;
}

/** The tus server's record of one resumable upload (id = the share's blob key). */
export interface UploadsTable {
  /** The tus Upload (size, metadata, creation date) as JSON. */
  info: string;
  id: string;
  /** S3: the multipart upload's id; null on local disk or once completed. */
  multipart_id: string | null;
  /** S3: the parts stored so far as JSON `[{n, etag, size}]`. */
  parts: ColumnType<string, string | undefined, string>;
  /** S3: bytes of an unfinished part, kept as an object of its own until the part fills. */
  tail_size: ColumnType<number | string, number | undefined, number>;
}

/** A lease on one upload: the one request allowed to write it (any worker, any instance). */
export interface UploadLocksTable {
  id: string;
  holder: string;
  expires_ms: ColumnType<number | string, number, number>;
  /** Set by a request waiting for the lease: the holder lets go (its client has gone). */
  release_requested: DefaultedInt;
}

export interface DownloadGrantsTable {
  /** The random nonce in the download URL's token. */
  nonce: string;
  /** Transfers this URL has served to their last byte (or is serving now). */
  transfers: DefaultedInt;
  expires_at: Timestamp;
}

export interface Database {
  shares: SharesTable;
  submissions: SubmissionsTable;
  room_devices: RoomDevicesTable;
  /** Written and rolled back by the health check; always empty. */
  health_probe: { payload: string };
  download_grants: DownloadGrantsTable;
  /** Rows per code length, ten counters per length (by last digit), kept by triggers. */
  code_counts: { length: number; slot: number; taken: DefaultedInt };
  uploads: UploadsTable;
  upload_locks: UploadLocksTable;
  reports: ReportsTable;
  blocked_hashes: BlockedHashesTable;
  admin_sessions: AdminSessionsTable;
  audit_log: AuditLogTable;
}

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * true when the database can serve requests: the schema is there and a write (of the
   * size of a large share, rolled back) succeeds. Never throws.
   */
  health(): Promise<boolean>;
  /**
   * After rows were deleted: makes sure no copy of them lingers in a side file. SQLite
   * folds its write-ahead log into the database and truncates it; PostgreSQL has nothing
   * to do (vacuum reuses the space).
   */
  compact(): Promise<void>;
  close(): Promise<void>;
}
