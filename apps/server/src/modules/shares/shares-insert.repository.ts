import type { Kysely } from 'kysely';
import { compiledQuery, type Database } from '../../infra/db/port.js';
import type { NewShare } from './shares.repository.js';

/** Every column a new share sets; the insert statement names all of them, always. */
const columns = [
  'code',
  'type',
  'content',
  'is_encrypted',
  'encrypted_payload',
  'kdf',
  'auth_verifier',
  'recovery_email_hash',
  'recovery_escrow',
  'delete_token_hash',
  'created_at',
  'expires_at',
  'reclaim_after',
  'total_bytes',
  'files',
  'max_downloads',
  'burn_after_reading',
  'upload_received',
  'upload_touched_at',
  'upload_client',
] as const satisfies ReadonlyArray<keyof NewShare>;

// A column added to NewShare but not to the list above would be dropped silently.
type Unlisted = Exclude<keyof NewShare, (typeof columns)[number]>;
const everyColumnListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyColumnListed;

function valuesOf(row: NewShare): Record<(typeof columns)[number], unknown> {
  return {
    code: row.code,
    type: row.type,
    content: row.content ?? null,
    is_encrypted: row.is_encrypted ?? false,
    encrypted_payload: row.encrypted_payload ?? null,
    kdf: row.kdf ?? null,
    auth_verifier: row.auth_verifier ?? null,
    recovery_email_hash: row.recovery_email_hash ?? null,
    recovery_escrow: row.recovery_escrow ?? null,
    delete_token_hash: row.delete_token_hash,
    created_at: row.created_at,
    expires_at: row.expires_at,
    reclaim_after: row.reclaim_after,
    total_bytes: row.total_bytes ?? null,
    files: row.files ?? null,
    max_downloads: row.max_downloads ?? null,
    burn_after_reading: row.burn_after_reading ?? false,
    upload_received: row.upload_received ?? null,
    upload_touched_at: row.upload_touched_at ?? null,
    upload_client: row.upload_client ?? null,
  };
}

/**
 * Inserts a new share unless its code is taken (false: pick another code), on `on` (a
 * transaction) when given. The statement is built and compiled once: building it per
 * request cost as much as running it.
 */
export type InsertShare = (row: NewShare, on?: Kysely<Database>) => Promise<boolean>;

export function createShareInserter(db: Kysely<Database>): InsertShare {
  const statement = compiledQuery(db, columns, (values) =>
    db
      .insertInto('shares')
      .values(values as never)
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('code'),
  );
  return async (row, on) => (await statement(valuesOf(row), on)).length > 0;
}
