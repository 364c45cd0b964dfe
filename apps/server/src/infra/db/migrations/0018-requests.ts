import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

const shareTypesCheck = `type in ('clipboard', 'notepad', 'file')`;
const storedTypesCheck = `type in ('clipboard', 'notepad', 'file', 'request')`;

/**
 * Requests (docs/design.md#requests-encrypting-to-the-asker). A request is a row of `shares`
 * with `type = 'request'`: it takes its code, lifetime, sweeping, delete token, reports and
 * unlock lockout from the share machinery. Its own columns:
 * - `request_info`: its public part as JSON `{message, publicKey, accepts}`;
 * - `max_submissions`, and `submission_count`, the slots taken (a conditional UPDATE takes
 *   one, so a burst cannot take more than the asker allowed).
 * `submissions` holds what senders sent: the sealed header, and for files the one object
 * their encrypted streams are stored in, back to back; while that upload runs, the keyed
 * hash of its sender's address (`upload_client`), so it counts in the sender's upload caps.
 *
 * The type's CHECK takes 'request'. PostgreSQL replaces the constraint; SQLite cannot alter
 * a CHECK, so the table is rebuilt from its own definition with the check widened (copy and
 * rename, in a transaction of its own as the migrator gives none there), and its indexes
 * and triggers are created again from theirs.
 */
export function requests(dialect: Dialect): Migration {
  const sqlite = dialect === 'sqlite';
  const timestamp = sqlite ? 'text' : 'timestamptz';
  return {
    up: (db) =>
      inOneTransaction(sqlite, db, async (db) => {
        await widenTypeCheck(dialect, db, shareTypesCheck, storedTypesCheck);
        await db.schema.alterTable('shares').addColumn('request_info', 'text').execute();
        await db.schema.alterTable('shares').addColumn('max_submissions', 'integer').execute();
        await db.schema
          .alterTable('shares')
          .addColumn('submission_count', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable('submissions')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('request_code', 'text', (c) => c.notNull())
          .addColumn('created_at', timestamp, (c) => c.notNull())
          .addColumn('header', 'text', (c) => c.notNull())
          .addColumn('blob_key', 'text')
          .addColumn('stored_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('upload_received', 'bigint')
          .addColumn('upload_touched_at', timestamp)
          .addColumn('upload_client', 'text')
          .execute();
        await db.schema
          .createIndex('submissions_request_code')
          .on('submissions')
          .column('request_code')
          .execute();
        await sql`create index submissions_blob_key on submissions (blob_key)
          where blob_key is not null`.execute(db);
        await sql`create index submissions_upload_client on submissions (upload_client)
          where upload_received is not null`.execute(db);
      }),
    down: (db) =>
      inOneTransaction(sqlite, db, async (db) => {
        await db.schema.dropTable('submissions').execute();
        await sql`delete from shares where type = 'request'`.execute(db);
        await db.schema.alterTable('shares').dropColumn('submission_count').execute();
        await db.schema.alterTable('shares').dropColumn('max_submissions').execute();
        await db.schema.alterTable('shares').dropColumn('request_info').execute();
        await widenTypeCheck(dialect, db, storedTypesCheck, shareTypesCheck);
      }),
  };
}

export async function inOneTransaction(
  sqlite: boolean,
  db: Kysely<unknown>,
  steps: (db: Kysely<unknown>) => Promise<void>,
) {
  if (sqlite) await db.transaction().execute(steps);
  else await steps(db);
}

/** Replaces the type column's CHECK `from` by `to` (constants of this file only). */
export async function widenTypeCheck(
  dialect: Dialect,
  db: Kysely<unknown>,
  from: string,
  to: string,
) {
  if (dialect === 'postgres') {
    await sql`alter table shares drop constraint shares_type_check`.execute(db);
    await sql`alter table shares add constraint shares_type_check check (${sql.raw(to)})`.execute(
      db,
    );
    return;
  }
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'shares'`.execute(db);
  const definition = table.rows[0]?.sql ?? '';
  if (!definition.includes(from)) throw new Error(`shares has no CHECK (${from})`);
  const dependents = await sql<{ sql: string }>`
    select sql from sqlite_master
    where tbl_name = 'shares' and type in ('index', 'trigger') and sql is not null`.execute(db);
  // The columns the rows are copied by: generated ones are computed again, never written.
  const columns = await sql<{ name: string; hidden: number }>`
    select name, hidden from pragma_table_xinfo('shares')`.execute(db);
  const stored = columns.rows.filter((column) => Number(column.hidden) === 0);
  const names = sql.raw(stored.map((column) => `"${column.name}"`).join(', '));
  const rebuilt = definition
    .replace(from, to)
    .replace(/^CREATE TABLE "?shares"?/i, 'CREATE TABLE "shares_rebuilt"');
  await sql.raw(rebuilt).execute(db);
  await sql`insert into shares_rebuilt (${names}) select ${names} from shares`.execute(db);
  // Dropping the table drops its indexes and triggers without firing them: the code
  // counts stay as they are, for the very same rows.
  await sql`drop table shares`.execute(db);
  await sql`alter table shares_rebuilt rename to shares`.execute(db);
  for (const dependent of dependents.rows) await sql.raw(dependent.sql).execute(db);
}
