import type { ShareType } from '@codedrop/contract';
import type { ColumnType, Kysely } from 'kysely';

/** SQLite hands back ISO text and 0/1; PostgreSQL hands back Date and boolean. */
export type Timestamp = ColumnType<Date | string, Date, Date>;
export type Bool = ColumnType<boolean | number, boolean, boolean>;
/** Columns with a database default may be left out of inserts. */
export type DefaultedBool = ColumnType<boolean | number, boolean | undefined, boolean>;
export type DefaultedInt = ColumnType<number, number | undefined, number>;

export interface SharesTable {
  code: string;
  type: ShareType;
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
  /** The first file's name; file_size is the total of all the share's files. */
  file_name: string | null;
  file_size: number | null;
  file_mime: string | null;
  blob_key: string | null;
  /** Shares of several files: all of them as JSON `[{key, name, size, mime}]` (StoredFile). */
  files: ColumnType<string | null, string | null | undefined, string | null>;
  max_downloads: number | null;
  download_count: DefaultedInt;
  burn_after_reading: DefaultedBool;
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
  /** Written and rolled back by the health check; always empty. */
  health_probe: { payload: string };
  download_grants: DownloadGrantsTable;
  /** Rows per code length, ten counters per length (by last digit), kept by triggers. */
  code_counts: { length: number; slot: number; taken: DefaultedInt };
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
