import { CompiledQuery, type Kysely } from 'kysely';
import { compiledPositions, type Database } from '../../../infra/db/port.js';
import type { NewShare } from './lookups.js';

/** Every column a new share sets; the insert statement names all of them, always. */
const columns = [
  'code',
  'type',
  'content',
  'is_encrypted',
  'encrypted_payload',
  'kdf',
  'auth_verifier',
  'recovery_email_hash',
  'recovery_escrow',
  'delete_token_hash',
  'created_at',
  'expires_at',
  'reclaim_after',
  'total_bytes',
  'files',
  'max_downloads',
  'burn_after_reading',
  'upload_received',
  'upload_touched_at',
  'upload_client',
  'request_info',
  'max_submissions',
] as const satisfies ReadonlyArray<keyof NewShare>;

// A column added to NewShare but not to the list above would be dropped silently.
type Unlisted = Exclude<keyof NewShare, (typeof columns)[number]>;
const everyColumnListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyColumnListed;

function valuesOf(row: NewShare): Record<(typeof columns)[number], unknown> {
  return {
    code: row.code,
    type: row.type,
    content: row.content ?? null,
    is_encrypted: row.is_encrypted ?? false,
    encrypted_payload: row.encrypted_payload ?? null,
    kdf: row.kdf ?? null,
    auth_verifier: row.auth_verifier ?? null,
    recovery_email_hash: row.recovery_email_hash ?? null,
    recovery_escrow: row.recovery_escrow ?? null,
    delete_token_hash: row.delete_token_hash,
    created_at: row.created_at,
    expires_at: row.expires_at,
    reclaim_after: row.reclaim_after,
    total_bytes: row.total_bytes ?? null,
    files: row.files ?? null,
    max_downloads: row.max_downloads ?? null,
    burn_after_reading: row.burn_after_reading ?? false,
    upload_received: row.upload_received ?? null,
    upload_touched_at: row.upload_touched_at ?? null,
    upload_client: row.upload_client ?? null,
    request_info: row.request_info ?? null,
    max_submissions: row.max_submissions ?? null,
  };
}

/** A new share's values in the order of `columns`, as the statement takes them. */
function orderedValuesOf(row: NewShare): unknown[] {
  const values = valuesOf(row);
  return columns.map((column) => values[column]);
}

/**
 * Inserts new shares in one statement, skipping each whose code is taken, on `on` (a
 * transaction) when given; resolves to the codes it stored. One statement for a group of
 * creations: on PostgreSQL one round trip instead of one each, on SQLite one call into the
 * database. Statements are built and compiled once per row count, as a single insert is.
 */
export type InsertShares = (rows: NewShare[], on?: Kysely<Database>) => Promise<Set<string>>;

/** Rows per statement: the parameters stay far under either database's limit. */
export const maxRowsPerInsert = 64;

export function createSharesInserter(db: Kysely<Database>): InsertShares {
  /** Per row count, the statement; its values are each row's `valuesOf`, one after another. */
  const statements = new Map<number, ReturnType<typeof statementFor>>();
  function statementFor(rowCount: number) {
    return compiledPositions(db, rowCount * columns.length, (markers) =>
      db
        .insertInto('shares')
        .values(
          Array.from({ length: rowCount }, (_, row) =>
            Object.fromEntries(columns.map((c, i) => [c, markers[row * columns.length + i]])),
          ) as never,
        )
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('code'),
    );
  }
  async function insertChunk(rows: NewShare[], on?: Kysely<Database>) {
    let statement = statements.get(rows.length);
    if (statement === undefined)
      statements.set(rows.length, (statement = statementFor(rows.length)));
    return (await statement(rows.flatMap(orderedValuesOf), on)).map(
      (row) => (row as { code: string }).code,
    );
  }
  return async (rows, on) => {
    const stored = new Set<string>();
    for (let at = 0; at < rows.length; at += maxRowsPerInsert) {
      for (const code of await insertChunk(rows.slice(at, at + maxRowsPerInsert), on)) {
        stored.add(code);
      }
    }
    return stored;
  };
}

/** What a counted insert found and did: the codes of its length taken before it, and its own. */
export interface CountedInsert {
  counted: number;
  stored: Set<string>;
}

/**
 * PostgreSQL: inserts new shares of one code length, but only as many as `capacity` leaves
 * room for, in a single statement that runs in its own transaction. `countSql` counts the
 * length's codes (`$1`) and holds their counters locked until the commit, so two instances
 * never fill a length past its capacity. One round trip for the count, the insert and the
 * commit, where a transaction took five. Rows past the room are not tried; a taken code is
 * skipped, as by the grouped insert.
 */
export function createCountedInserter(db: Kysely<Database>, countSql: string) {
  const names = columns.join(', ');
  const text =
    `with counted as (${countSql}), stored as (insert into shares (${names})` +
    ` select ${names} from json_populate_recordset(null::shares, $3::json) with ordinality as r` +
    ` where r.ordinality <= $2::bigint - (select taken from counted)` +
    ` on conflict (code) do nothing returning code)` +
    ` select (select taken from counted) as counted, array(select code from stored) as codes`;
  return async (length: number, capacity: number, rows: NewShare[]): Promise<CountedInsert> => {
    const json = JSON.stringify(rows.map(valuesOf));
    const { rows: result } = await db.executeQuery<{ counted: string; codes: string[] }>(
      CompiledQuery.raw(text, [length, capacity, json]),
    );
    return { counted: Number(result[0]!.counted), stored: new Set(result[0]!.codes) };
  };
}
