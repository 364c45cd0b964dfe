import { type Kysely, type Migration } from 'kysely';

/**
 * Every query that tests expires_at also names the share's code, so the index on
 * expires_at was never used — but every creation paid to keep it up to date.
 */
export const dropExpiresIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('shares_expires_at').ifExists().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.createIndex('shares_expires_at').on('shares').column('expires_at').execute();
  },
};
