import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/** The first file's columns as 0010 left them; its hash came with 0012. */
const legacyColumns = ['file_name', 'file_mime', 'blob_key', 'file_sha256'] as const;

/**
 * A file share's files live in one place: `files`, JSON `[{key, name, size, mime, sha256?}]`
 * in upload order, a single file being a list of one. Until now a one-file share kept its
 * file in columns of its own (`file_name`, `file_size`, `file_mime`, `blob_key`, and from
 * 0012 `file_sha256`) and a bundle kept its first file there as well as in `files`.
 *
 * - Every row with a file in those columns and no list (one-file shares, live, gone or
 *   mid-upload) gets its list of one; then the columns go.
 * - `file_size`, the total of the share's files that the storage quota and the upload
 *   reservations sum, becomes `total_bytes`, which is what it is.
 * - `first_file_key` is computed by the database from `files` and never written: the key a
 *   resumable upload (whose id is that key) and the orphan sweep find a share by, indexed
 *   where set, as `blob_key` was (0009).
 *
 * On SQLite the statements run in a transaction of their own (the migrator gives none
 * there): a failure leaves the table as it was.
 */
export function filesOnly(dialect: Dialect): Migration {
  const sqlite = dialect === 'sqlite';
  const inOneTransaction = async (
    db: Kysely<unknown>,
    steps: (db: Kysely<unknown>) => Promise<void>,
  ) => {
    if (sqlite) await db.transaction().execute(steps);
    else await steps(db);
  };
  return {
    up: (db) =>
      inOneTransaction(db, async (db) => {
        await sql`update shares set files = ${listOfOne(dialect)}
          where blob_key is not null and files is null`.execute(db);
        await sql`drop index shares_blob_key`.execute(db);
        for (const column of legacyColumns) {
          await db.schema.alterTable('shares').dropColumn(column).execute();
        }
        await db.schema.alterTable('shares').renameColumn('file_size', 'total_bytes').execute();
        // SQLite can add only a virtual generated column (computed when read, nothing stored),
        // PostgreSQL before 18 only a stored one.
        await sql`alter table shares add column first_file_key text
          generated always as (${firstField(dialect, 'key')}) ${sql.raw(sqlite ? 'virtual' : 'stored')}`.execute(
          db,
        );
        await sql`create index shares_first_file_key on shares (first_file_key)
          where first_file_key is not null`.execute(db);
      }),
    down: (db) =>
      inOneTransaction(db, async (db) => {
        await sql`drop index shares_first_file_key`.execute(db);
        await db.schema.alterTable('shares').dropColumn('first_file_key').execute();
        await db.schema.alterTable('shares').renameColumn('total_bytes', 'file_size').execute();
        for (const column of legacyColumns) {
          await db.schema.alterTable('shares').addColumn(column, 'text').execute();
        }
        const first = (field: 'key' | 'name' | 'mime' | 'sha256') => firstField(dialect, field);
        await sql`update shares set
          file_name = ${first('name')}, file_mime = ${first('mime')},
          blob_key = ${first('key')}, file_sha256 = ${first('sha256')}
          where files is not null`.execute(db);
        await sql`update shares set files = null where ${listLength(dialect)} = 1`.execute(db);
        await sql`create index shares_blob_key on shares (blob_key) where blob_key is not null`.execute(
          db,
        );
      }),
  };
}

/** The row's one file as a JSON list of one, as the server writes it (no sha256 when unknown). */
function listOfOne(dialect: Dialect) {
  const [object, array, text] =
    dialect === 'sqlite'
      ? ['json_object', 'json_array', '']
      : ['json_build_object', 'json_build_array', '::text'];
  const fields = sql.raw(`'key', blob_key, 'name', coalesce(file_name, 'download'),
    'size', coalesce(file_size, 0), 'mime', coalesce(file_mime, 'application/octet-stream')`);
  const fn = sql.raw;
  return sql`${fn(array)}(case when file_sha256 is null then ${fn(object)}(${fields})
    else ${fn(object)}(${fields}, 'sha256', file_sha256) end)${fn(text)}`;
}

/** A field of the first file in `files` as text (null without a list); constants only. */
function firstField(dialect: Dialect, field: 'key' | 'name' | 'mime' | 'sha256') {
  return dialect === 'sqlite'
    ? sql.raw(`json_extract(files, '$[0].${field}')`)
    : sql.raw(`((files::jsonb) -> 0 ->> '${field}')`);
}

function listLength(dialect: Dialect) {
  return dialect === 'sqlite'
    ? sql.raw('json_array_length(files)')
    : sql.raw('json_array_length(files::json)');
}
