import { sql, type Kysely, type Migration } from 'kysely';

/**
 * An encrypted share's key-derivation parameters in their own small column: a lookup
 * returns them, and must not read (let alone parse) an envelope of up to 2 MiB to do so.
 * Existing rows are filled from their envelopes.
 */
export const kdfColumn: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('shares').addColumn('kdf', 'text').execute();
    const rows = await sql<{ code: string; encrypted_payload: string }>`
      select code, encrypted_payload from shares where encrypted_payload is not null`.execute(db);
    for (const row of rows.rows) {
      const kdf = (JSON.parse(row.encrypted_payload) as { kdf?: unknown }).kdf;
      if (kdf === undefined) continue;
      await sql`update shares set kdf = ${JSON.stringify(kdf)} where code = ${row.code}`.execute(
        db,
      );
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('shares').dropColumn('kdf').execute();
  },
};
