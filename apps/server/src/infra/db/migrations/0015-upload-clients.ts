import { sql, type Kysely, type Migration } from 'kysely';

/**
 * `shares.upload_client`: while a resumable upload runs, a keyed hash of the client that
 * began it, so the storage quota can cap what one client holds at once (count and bytes
 * not yet received; docs/operations.md#rate-limits-and-abuse-control). Cleared when the
 * upload completes. A partial index keeps that count to the running uploads.
 */
export const uploadClients: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('shares').addColumn('upload_client', 'text').execute();
    await sql`create index shares_upload_client on shares (upload_client) where upload_received is not null`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index shares_upload_client`.execute(db);
    await db.schema.alterTable('shares').dropColumn('upload_client').execute();
  },
};
