import { type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * One row per download URL that has served a transfer to its end: how many, so a URL
 * handed to a crowd stops after DOWNLOAD_URL_TRANSFERS. Rows go once their URL expired.
 */
export function downloadGrants(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('download_grants')
        .addColumn('nonce', 'text', (c) => c.primaryKey())
        .addColumn('transfers', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', dialect === 'postgres' ? 'timestamptz' : 'text', (c) =>
          c.notNull(),
        )
        .execute();
      await db.schema
        .createIndex('download_grants_expires_at')
        .on('download_grants')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('download_grants').execute();
    },
  };
}
