import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

// Small columns first, then the ones that can be large, the envelope (up to 2 MiB) last.
const columnOrder = [
  'code',
  'type',
  'is_encrypted',
  'failed_unlocks',
  'created_at',
  'expires_at',
  'reclaim_after',
  'gone',
  'gone_reason',
  'file_name',
  'file_size',
  'file_mime',
  'blob_key',
  'max_downloads',
  'download_count',
  'burn_after_reading',
  'delete_token_hash',
  'auth_verifier',
  'recovery_email_hash',
  'kdf',
  'content',
  'recovery_escrow',
  'encrypted_payload',
];

/**
 * SQLite stores a row's columns in order, and a large value spills into a chain of
 * overflow pages that must be walked to reach any column after it: with the envelope in
 * the middle of the row, every lookup of an encrypted share read all 2 MiB of it. The
 * table is rebuilt with the large columns last (the standard copy-and-rename, in the
 * migration's transaction). PostgreSQL keeps large values out of line already: nothing
 * to do there.
 */
export function largeColumnsLast(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await db.schema
        .createTable('shares_rebuilt')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) =>
          c.notNull().check(sql.raw(`type in ('clipboard', 'notepad', 'file')`)),
        )
        .addColumn('is_encrypted', 'integer', (c) => c.notNull().defaultTo(sql.raw('0')))
        .addColumn('failed_unlocks', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('reclaim_after', 'text', (c) => c.notNull())
        .addColumn('gone', 'integer', (c) => c.notNull().defaultTo(sql.raw('0')))
        .addColumn('gone_reason', 'text')
        .addColumn('file_name', 'text')
        .addColumn('file_size', 'integer')
        .addColumn('file_mime', 'text')
        .addColumn('blob_key', 'text')
        .addColumn('max_downloads', 'integer')
        .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('burn_after_reading', 'integer', (c) => c.notNull().defaultTo(sql.raw('0')))
        .addColumn('delete_token_hash', 'text', (c) => c.notNull())
        .addColumn('auth_verifier', 'text')
        .addColumn('recovery_email_hash', 'text')
        .addColumn('kdf', 'text')
        .addColumn('content', 'text')
        .addColumn('recovery_escrow', 'text')
        .addColumn('encrypted_payload', 'text')
        .execute();
      const columns = sql.raw(columnOrder.join(', '));
      await sql`insert into shares_rebuilt (${columns}) select ${columns} from shares`.execute(db);
      await db.schema.dropTable('shares').execute();
      await db.schema.alterTable('shares_rebuilt').renameTo('shares').execute();
      await db.schema.createIndex('shares_expires_at').on('shares').column('expires_at').execute();
      await db.schema
        .createIndex('shares_reclaim_after')
        .on('shares')
        .column('reclaim_after')
        .execute();
      await db.schema.createIndex('shares_blob_key').on('shares').column('blob_key').execute();
      await sql`create index shares_code_length on shares ((length(code)))`.execute(db);
    },
    async down() {
      // The old column order held no information: nothing to undo.
    },
  };
}
