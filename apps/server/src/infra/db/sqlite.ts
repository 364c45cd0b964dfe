import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { createGroupReads, registerGroupReads, type ReadConnection } from './group-reads.js';
import { kyselyDb } from './kysely-db.js';
import type { Database, Db } from './schema.js';
import { SqliteValuesPlugin } from './sqlite-values-plugin.js';
import { startWalCheckpointer } from './wal-checkpointer.js';
import { ContentClearedPlugin, walScrubber, type WalScrubber } from './wal-scrub.js';
import { nonBlockingBegin, registerBeginImmediate, writeLockWaitMs } from './write-lock.js';

export function createSqliteDb(file: string): Db {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Created owner-only before SQLite opens it; SQLite gives its -wal and -shm files the
    // database file's permissions.
    closeSync(openSync(file, 'a', 0o600));
  }
  const connection = new SqliteDatabase(file);
  // Deleted and cleared rows are overwritten with zeros, not merely marked free: a burnt
  // note's text must not survive in the file (and the WAL is truncated: wal-scrub.ts).
  connection.pragma('secure_delete = ON');
  // WAL lets readers proceed while one writer commits; busy_timeout waits out a
  // concurrent writer (another process on the same file) instead of failing at once.
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma(`busy_timeout = ${writeLockWaitMs}`);
  const onDisk = file !== ':memory:';
  let scrubber: WalScrubber | undefined;
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: reusingStatements(connection) }),
    plugins: [
      new SqliteValuesPlugin(),
      ...(onDisk ? [new ContentClearedPlugin(() => scrubber?.soon())] : []),
    ],
  });
  registerBeginImmediate(kysely, nonBlockingBegin(connection));
  const db = kyselyDb(kysely, 'sqlite');
  // A second connection to an in-memory database would be another, empty database.
  if (!onDisk) return db;
  const reads = createGroupReads(() => openReader(file));
  registerGroupReads(kysely, reads);
  const walScrub = (scrubber = walScrubber(kysely, connection));
  const checkpointer = startWalCheckpointer(file, connection);
  return {
    ...db,
    compact: async () => {
      await walScrub.now();
    },
    close: async () => {
      walScrub.close();
      await checkpointer.close();
      reads.close();
      await db.close();
    },
  };
}

/** The connection group reads use: read-only, its statements kept prepared like the main one's. */
function openReader(file: string): ReadConnection {
  const reader = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  const statements = reusingStatements(reader);
  return {
    prepare: (sql) => statements.prepare(sql) as unknown as ReturnType<ReadConnection['prepare']>,
    exec: (sql) => reader.exec(sql),
    get inTransaction() {
      return reader.inTransaction;
    },
    close: () => reader.close(),
  };
}

/** Distinct statements kept prepared; the app has a few dozen, so this is never reached. */
const maxStatements = 500;

/**
 * Kysely asks better-sqlite3 to prepare every query it runs, and preparing (parsing and
 * planning the SQL) cost more than running a lookup. Statements are kept by their SQL text
 * and reused: Kysely runs one query at a time on this connection, so one statement object
 * is never used by two queries at once.
 */
export function reusingStatements(connection: SqliteDatabase.Database): KyselySqliteDatabase {
  const prepared = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql: string) {
      let statement = prepared.get(sql);
      if (statement === undefined) {
        statement = rowsAsLiterals(connection.prepare(sql));
        if (prepared.size >= maxStatements) prepared.delete(prepared.keys().next().value!);
        prepared.set(sql, statement);
      }
      return statement;
    },
    close: () => connection.close(),
  };
}

/**
 * A reading statement whose rows are made into objects by a function written once for its
 * columns. better-sqlite3 builds each row object key by key from C++, looking every column
 * name up in V8's string table: a CPU profile of the lookup route found a share's row of two
 * dozen columns costing more than running the query. Fetched as arrays instead, the rows
 * become object literals of one fixed shape, with the same keys in the same order.
 */
function rowsAsLiterals(statement: SqliteDatabase.Statement): SqliteDatabase.Statement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((column) => column.name);
  // A literal would read this key as the prototype; no query of the app names a column so.
  if (names.includes('__proto__')) return statement;
  const literal = names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ');
  const toObject = new Function('row', `return { ${literal} };`) as (row: unknown[]) => unknown;
  const rows = statement.raw(true);
  return {
    reader: true,
    all: (...parameters: unknown[]) => (rows.all(...parameters) as unknown[][]).map(toObject),
    *iterate(...parameters: unknown[]) {
      for (const row of rows.iterate(...parameters) as IterableIterator<unknown[]>) {
        yield toObject(row);
      }
    },
  } as unknown as SqliteDatabase.Statement;
}
