import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * Resumable uploads (docs/api.md#resumable-uploads). A share made by a tus upload exists
 * from the upload's first request:
 * - `shares.upload_received` holds the bytes stored so far while the upload runs and is
 *   null once every byte is stored (every other share is null from the start), so
 *   "uploading" is one nullable column a lookup already reads, never a second query;
 * - `shares.upload_touched_at` is when the upload last made progress: an upload idle for
 *   UPLOAD_STALL_SECONDS is abandoned (a partial index keeps that search small);
 * - `uploads` is the tus server's own record of each upload (its declared size and
 *   metadata, and on S3 the multipart upload's id, the parts stored and the bytes of an
 *   unfinished part), kept in the database so that any instance can take any chunk;
 * - `upload_locks` are the leases that let one request at a time write an upload, across
 *   every worker and instance sharing the database.
 *
 * File sizes become 64-bit on PostgreSQL (SQLite's integers already are): an operator may
 * allow files far above 2 GiB now that no request carries a whole file.
 */
export function resumableUploads(dialect: Dialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('shares').addColumn('upload_received', 'bigint').execute();
      await db.schema.alterTable('shares').addColumn('upload_touched_at', timestamp).execute();
      await sql`create index shares_uploading on shares (upload_touched_at) where upload_received is not null`.execute(
        db,
      );
      if (dialect === 'postgres') {
        await sql`alter table shares alter column file_size type bigint`.execute(db);
      }
      await db.schema
        .createTable('uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('info', 'text', (c) => c.notNull())
        .addColumn('multipart_id', 'text')
        .addColumn('parts', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('tail_size', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('upload_locks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_ms', 'bigint', (c) => c.notNull())
        .addColumn('release_requested', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('upload_locks').execute();
      await db.schema.dropTable('uploads').execute();
      await sql`drop index shares_uploading`.execute(db);
      await db.schema.alterTable('shares').dropColumn('upload_touched_at').execute();
      await db.schema.alterTable('shares').dropColumn('upload_received').execute();
      if (dialect === 'postgres') {
        await sql`alter table shares alter column file_size type integer`.execute(db);
      }
    },
  };
}
