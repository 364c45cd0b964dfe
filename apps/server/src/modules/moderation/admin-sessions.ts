import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { addSeconds } from '../../infra/runtime/clock.js';
import { toDate } from '../shares/share-record.js';
import {
  deleteAdminSession,
  deleteAdminSessionsEndedBy,
  deleteAllAdminSessions,
  findAdminSessionRow,
  insertAdminSession,
} from './admin-sessions.repository.js';

type Db = Kysely<Database>;

/** A console session lasts a working day, then the password is asked again. */
export const adminSessionSeconds = 8 * 3_600;

export interface AdminSessionRecord {
  /** The first characters of the cookie's hash: names the session in the audit log. */
  id: string;
  csrfToken: string;
  expiresAt: Date;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
const sessionId = (hash: string) => hash.slice(0, 10);

/**
 * Names the ADMIN_PASSWORD_HASH in force without revealing it. Every session is stored with
 * it and found only under it, so a new hash ends every session opened under the old one.
 */
export function passwordFingerprint(passwordHash: string): string {
  return createHash('sha256')
    .update(`codedrop console password\0${passwordHash.trim()}`)
    .digest('base64url');
}

/**
 * Opens a session: the cookie's value goes to the browser only, the database keeps its
 * hash, so reading the database opens no console. The CSRF token is a second secret the
 * page holds and sends back on every change; a cross-site form cannot read it.
 */
export async function openAdminSession(db: Db, ipHash: string, fingerprint: string, now: Date) {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const expiresAt = addSeconds(now, adminSessionSeconds);
  const hash = tokenHash(token);
  await insertAdminSession(db, {
    token_hash: hash,
    csrf_token: csrfToken,
    ip_hash: ipHash,
    password_fingerprint: fingerprint,
    created_at: now,
    expires_at: expiresAt,
  });
  return { token, session: { id: sessionId(hash), csrfToken, expiresAt } };
}

export async function findAdminSession(
  db: Db,
  token: string,
  fingerprint: string,
  now: Date,
): Promise<AdminSessionRecord | null> {
  const hash = tokenHash(token);
  const row = await findAdminSessionRow(db, hash, fingerprint);
  if (row === undefined) return null;
  const expiresAt = toDate(row.expires_at);
  if (expiresAt <= now) return null;
  return { id: sessionId(hash), csrfToken: row.csrf_token, expiresAt };
}

export async function closeAdminSession(db: Db, token: string): Promise<void> {
  await deleteAdminSession(db, tokenHash(token));
}

/** Sign out everywhere: every session ends, whoever holds it; answers how many there were. */
export async function closeAllAdminSessions(db: Db): Promise<number> {
  return deleteAllAdminSessions(db);
}

/** Ended sessions are deleted by the sweeper. */
export async function deleteExpiredAdminSessions(db: Db, now: Date): Promise<number> {
  return deleteAdminSessionsEndedBy(db, now);
}
