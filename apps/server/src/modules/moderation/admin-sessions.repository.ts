import type { Insertable, Kysely } from 'kysely';
import type { AdminSessionsTable, Database } from '../../infra/db/port.js';

type Db = Kysely<Database>;

// The console's sessions, each stored under the hash of its cookie (admin-sessions.ts).

export async function insertAdminSession(
  db: Db,
  row: Insertable<AdminSessionsTable>,
): Promise<void> {
  await db.insertInto('admin_sessions').values(row).execute();
}

/** The session stored under `tokenHash` with this password fingerprint; undefined: none. */
export async function findAdminSessionRow(db: Db, tokenHash: string, fingerprint: string) {
  return db
    .selectFrom('admin_sessions')
    .select(['csrf_token', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('password_fingerprint', '=', fingerprint)
    .executeTakeFirst();
}

export async function deleteAdminSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Deletes every session; answers how many there were. */
export async function deleteAllAdminSessions(db: Db): Promise<number> {
  const rows = await db.deleteFrom('admin_sessions').returning('token_hash').execute();
  return rows.length;
}

/** Deletes the sessions ended by `now`; answers how many. */
export async function deleteAdminSessionsEndedBy(db: Db, now: Date): Promise<number> {
  const rows = await db
    .deleteFrom('admin_sessions')
    .where('expires_at', '<=', now)
    .returning('token_hash')
    .execute();
  return rows.length;
}
