import { type Kysely, type Migration } from 'kysely';

/**
 * `admin_sessions.password_fingerprint`: which ADMIN_PASSWORD_HASH a session was opened
 * under. A session is valid only under that same hash, so setting a new one ends them all;
 * the sessions open before this migration have none and end with it.
 */
export const sessionFingerprints: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('admin_sessions')
      .addColumn('password_fingerprint', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('admin_sessions').dropColumn('password_fingerprint').execute();
  },
};
