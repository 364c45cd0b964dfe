import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/** Code lengths the configuration allows (CODE_MIN_DIGITS and CODE_MAX_DIGITS are 4–12). */
const lengths = Array.from({ length: 9 }, (_, i) => i + 4);
/** Counters per length, picked by a code's last digit: ten rows share the writes. */
const slots = Array.from({ length: 10 }, (_, i) => i);

/**
 * How many rows each code length holds, kept by triggers as rows come and go, so the
 * allocator reads a count in ten small rows instead of counting an index range — a count
 * that grew with every share (a million rows at nine digits took tens of milliseconds, on
 * every creation while a shorter length was under its target).
 *
 * The triggers count in the statement that inserts or deletes the row, so the count is as
 * exact as before on any number of instances. Each length has ten counters, one per last
 * digit of the code (random), so concurrent PostgreSQL inserts rarely wait on one row lock.
 *
 * With the counts kept elsewhere, the index on length(code) goes, and blob_key is indexed
 * only where it is set (file shares): text shares no longer pay for two index entries.
 */
export function codeCounts(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('code_counts')
        .addColumn('length', 'integer', (c) => c.notNull())
        .addColumn('slot', 'integer', (c) => c.notNull())
        .addColumn('taken', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('code_counts_pk', ['length', 'slot'])
        .execute();
      await db
        .insertInto('code_counts' as never)
        .values(lengths.flatMap((length) => slots.map((slot) => ({ length, slot }))) as never)
        .execute();
      const slotOf = (code: string) =>
        sql.raw(
          dialect === 'sqlite'
            ? `cast(substr(${code}, -1) as integer)`
            : `cast(right(${code}, 1) as integer)`,
        );
      await sql`
        update code_counts set taken = (
          select count(*) from shares
          where length(shares.code) = code_counts.length
            and ${slotOf('shares.code')} = code_counts.slot
        )`.execute(db);
      if (dialect === 'sqlite') {
        await sql`
          create trigger shares_code_counts_insert after insert on shares begin
            update code_counts set taken = taken + 1
            where length = length(new.code) and slot = ${slotOf('new.code')};
          end`.execute(db);
        await sql`
          create trigger shares_code_counts_delete after delete on shares begin
            update code_counts set taken = taken - 1
            where length = length(old.code) and slot = ${slotOf('old.code')};
          end`.execute(db);
      } else {
        await sql`
          create function shares_code_counts() returns trigger language plpgsql as $$
          begin
            if tg_op = 'INSERT' then
              update code_counts set taken = taken + 1
              where length = length(new.code) and slot = ${slotOf('new.code')};
            else
              update code_counts set taken = taken - 1
              where length = length(old.code) and slot = ${slotOf('old.code')};
            end if;
            return null;
          end $$`.execute(db);
        await sql`
          create trigger shares_code_counts after insert or delete on shares
          for each row execute function shares_code_counts()`.execute(db);
      }
      await sql`drop index shares_code_length`.execute(db);
      await sql`drop index shares_blob_key`.execute(db);
      await sql`create index shares_blob_key on shares (blob_key) where blob_key is not null`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await sql`drop index shares_blob_key`.execute(db);
      await sql`create index shares_blob_key on shares (blob_key)`.execute(db);
      await sql`create index shares_code_length on shares ((length(code)))`.execute(db);
      if (dialect === 'sqlite') {
        await sql`drop trigger shares_code_counts_insert`.execute(db);
        await sql`drop trigger shares_code_counts_delete`.execute(db);
      } else {
        await sql`drop trigger shares_code_counts on shares`.execute(db);
        await sql`drop function shares_code_counts()`.execute(db);
      }
      await db.schema.dropTable('code_counts').execute();
    },
  };
}
