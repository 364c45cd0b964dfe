import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * PostgreSQL: `code_counts` kept once per statement instead of once per row. Creations are
 * inserted in batches (one statement for many rows), and a per-row trigger had each batch
 * update nearly all ten counters of a length, row locks held to the commit: batches of two
 * processes waited on each other, and, taking the counters in different orders,
 * deadlocked. Now a statement adds its rows per length to one counter, picked by the
 * database session (`pg_backend_pid() % 10`), lengths in ascending order: sessions mostly
 * write different counters, and those that share one take it in the same order. A length's
 * count is still the sum of its counters, exact after every commit. SQLite has one writer
 * and keeps its per-row triggers.
 */
export function codeCountsPerStatement(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') return;
      await sql`drop trigger shares_code_counts on shares`.execute(db);
      await sql`drop function shares_code_counts()`.execute(db);
      for (const [name, table, sign] of [
        ['added', 'new', '+'],
        ['removed', 'old', '-'],
      ] as const) {
        await sql`
          create function ${sql.raw(`shares_code_counts_${name}`)}() returns trigger
          language plpgsql as $$
          declare
            counter integer := pg_backend_pid() % 10;
            per_length record;
          begin
            for per_length in
              select length(code) as digits, count(*) as how_many from ${sql.raw(`${name}_rows`)}
              group by 1 order by 1
            loop
              update code_counts set taken = taken ${sql.raw(sign)} per_length.how_many
              where length = per_length.digits and slot = counter;
            end loop;
            return null;
          end $$`.execute(db);
        await sql`
          create trigger ${sql.raw(`shares_code_counts_${name}`)}
          after ${sql.raw(name === 'added' ? 'insert' : 'delete')} on shares
          referencing ${sql.raw(table)} table as ${sql.raw(`${name}_rows`)}
          for each statement execute function ${sql.raw(`shares_code_counts_${name}`)}()`.execute(
          db,
        );
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') return;
      for (const name of ['added', 'removed']) {
        await sql`drop trigger ${sql.raw(`shares_code_counts_${name}`)} on shares`.execute(db);
        await sql`drop function ${sql.raw(`shares_code_counts_${name}`)}()`.execute(db);
      }
      // The per-row trigger of 0009 again, its counters rebuilt by last digit.
      await sql`
        update code_counts set taken = (
          select count(*) from shares
          where length(shares.code) = code_counts.length
            and cast(right(shares.code, 1) as integer) = code_counts.slot
        )`.execute(db);
      await sql`
        create function shares_code_counts() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            update code_counts set taken = taken + 1
            where length = length(new.code) and slot = cast(right(new.code, 1) as integer);
          else
            update code_counts set taken = taken - 1
            where length = length(old.code) and slot = cast(right(old.code, 1) as integer);
          end if;
          return null;
        end $$`.execute(db);
      await sql`
        create trigger shares_code_counts after insert or delete on shares
        for each row execute function shares_code_counts()`.execute(db);
    },
  };
}
