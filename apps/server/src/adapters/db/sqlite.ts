import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { kyselyDb } from './kysely-db.js';
import type { Database, Db } from './schema.js';
import { SqliteValuesPlugin } from './sqlite-values-plugin.js';

export function createSqliteDb(file: string): Db {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Created owner-only before SQLite opens it; SQLite gives its -wal and -shm files the
    // database file's permissions.
    closeSync(openSync(file, 'a', 0o600));
  }
  const connection = new SqliteDatabase(file);
  // Deleted and cleared rows are overwritten with zeros, not merely marked free: a burnt
  // note's text must not survive in the file (the sweeper also truncates the WAL).
  connection.pragma('secure_delete = ON');
  // WAL lets readers proceed while one writer commits; busy_timeout waits out a
  // concurrent writer (another process on the same file) instead of failing at once.
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('busy_timeout = 5000');
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: reusingStatements(connection) }),
    plugins: [new SqliteValuesPlugin()],
  });
  return kyselyDb(kysely, 'sqlite');
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
        statement = connection.prepare(sql);
        if (prepared.size >= maxStatements) prepared.delete(prepared.keys().next().value!);
        prepared.set(sql, statement);
      }
      return statement;
    },
    close: () => connection.close(),
  };
}
