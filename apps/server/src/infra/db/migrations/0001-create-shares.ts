import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

export function createShares(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const timestamp = pg ? 'timestamptz' : 'text';
  const bool = pg ? 'boolean' : 'integer';
  const falseValue = pg ? 'false' : '0';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shares')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) =>
          c.notNull().check(sqlIn('type', ['clipboard', 'notepad', 'file'])),
        )
        .addColumn('content', 'text')
        .addColumn('is_encrypted', bool, (c) => c.notNull().defaultTo(raw(falseValue)))
        .addColumn('encrypted_payload', 'text')
        .addColumn('auth_verifier', 'text')
        .addColumn('failed_unlocks', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('recovery_email_hash', 'text')
        .addColumn('recovery_escrow', 'text')
        .addColumn('delete_token_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('reclaim_after', timestamp, (c) => c.notNull())
        .addColumn('gone', bool, (c) => c.notNull().defaultTo(raw(falseValue)))
        .addColumn('gone_reason', 'text')
        .addColumn('file_name', 'text')
        .addColumn('file_size', 'integer')
        .addColumn('file_mime', 'text')
        .addColumn('blob_key', 'text')
        .addColumn('max_downloads', 'integer')
        .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('burn_after_reading', bool, (c) => c.notNull().defaultTo(raw(falseValue)))
        .execute();
      await db.schema.createIndex('shares_expires_at').on('shares').column('expires_at').execute();
      await db.schema
        .createIndex('shares_reclaim_after')
        .on('shares')
        .column('reclaim_after')
        .execute();
      await db.schema.createIndex('shares_blob_key').on('shares').column('blob_key').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('shares').execute();
    },
  };
}

/** Literal SQL for defaults and checks; only ever called with constants from this file. */
function raw(value: string) {
  return sql.raw(value);
}

function sqlIn(column: string, values: string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
}
