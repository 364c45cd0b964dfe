import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * Running CodeDrop in public (docs/design.md#moderation):
 * - `shares.quarantined_at`: set when enough distinct visitors reported the share; every
 *   read answers 451 until an operator restores or deletes it;
 * - `shares.file_sha256`: the SHA-256 of the first (or only) file, computed while it
 *   streamed in (the others carry theirs in `files`), so blocking costs no second read;
 * - `reports`: one per reporter and share while unreviewed (a partial unique index), with
 *   a keyed hash of the reporter's address, never the address; deleted with the share;
 * - `blocked_hashes`: files that can never be uploaded again;
 * - `admin_sessions` (by the hash of their cookie) and `audit_log`.
 */
export function moderation(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('shares').addColumn('quarantined_at', timestamp).execute();
      await db.schema.alterTable('shares').addColumn('file_sha256', 'text').execute();
      await db.schema
        .createTable('reports')
        .addColumn('id', serial, (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('share_type', 'text', (c) => c.notNull())
        .addColumn('share_size', 'bigint')
        .addColumn('file_names', 'text')
        .addColumn('reporter_hash', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('email', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('reviewed_at', timestamp)
        .execute();
      await sql`create unique index reports_one_per_reporter on reports (code, reporter_hash) where reviewed_at is null`.execute(
        db,
      );
      await db.schema.createIndex('reports_created').on('reports').column('created_at').execute();
      await db.schema
        .createTable('blocked_hashes')
        .addColumn('sha256', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('admin_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('ip_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', serial, (c) => c.primaryKey())
        .addColumn('at', timestamp, (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('session', 'text')
        .addColumn('ip_hash', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_log').execute();
      await db.schema.dropTable('admin_sessions').execute();
      await db.schema.dropTable('blocked_hashes').execute();
      await db.schema.dropTable('reports').execute();
      await db.schema.alterTable('shares').dropColumn('file_sha256').execute();
      await db.schema.alterTable('shares').dropColumn('quarantined_at').execute();
    },
  };
}
