import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The code allocator counts live codes of one length on every creation while that length
 * is under its density target: an index on length(code) keeps that count small and cheap.
 */
export const codeLengthIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index shares_code_length on shares ((length(code)))`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index shares_code_length`.execute(db);
  },
};
