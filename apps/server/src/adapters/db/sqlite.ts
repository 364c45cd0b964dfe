import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
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
    dialect: new SqliteDialect({ database: connection }),
    plugins: [new SqliteValuesPlugin()],
  });
  return kyselyDb(kysely, 'sqlite');
}
