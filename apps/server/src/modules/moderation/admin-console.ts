import { adminApiPath, type AdminAction } from '@codedrop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { findAdminSession, type AdminSessionRecord } from './admin-sessions.js';
import { recordAudit } from './audit-log.js';

const cookieName = 'codedrop_admin';
/** The cookie goes to the console's API only, never with a visitor's requests. */
const cookiePath = adminApiPath;
const csrfHeader = 'codedrop-csrf';

function sessionCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (header === undefined) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === cookieName) return value.join('=') || null;
  }
  return null;
}

/**
 * What every console route shares: its session (cookie and CSRF token), the audit log, and
 * the database and clock it works with.
 */
export function consoleContext(
  app: FastifyInstance,
  opts: { config: Config; clock: Clock; fingerprint: string },
) {
  const { config, clock, fingerprint } = opts;
  const db = app.db.kysely;
  const secure = config.publicUrl?.startsWith('https:') ?? false;

  const setCookie = (reply: FastifyReply, value: string, maxAge: number) =>
    reply.header(
      'set-cookie',
      `${cookieName}=${value}; Path=${cookiePath}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
    );

  async function requireSession(request: FastifyRequest): Promise<AdminSessionRecord> {
    const token = sessionCookie(request);
    const session =
      token === null ? null : await findAdminSession(db, token, fingerprint, clock.now());
    if (session === null) throw new AppError('UNAUTHORIZED', 'Please sign in to the console.');
    return session;
  }

  /** A change: a live session and its CSRF token, or nothing happens. */
  async function requireChange(request: FastifyRequest): Promise<AdminSessionRecord> {
    const session = await requireSession(request);
    if (request.headers[csrfHeader] !== session.csrfToken) {
      throw new AppError('FORBIDDEN', 'This change needs the console page: sign in and try again.');
    }
    return session;
  }

  const audit = (
    request: FastifyRequest,
    action: AdminAction,
    session: AdminSessionRecord | null,
    code: string | null = null,
    detail: string | null = null,
  ) =>
    recordAudit(db, {
      action,
      code,
      detail,
      session: session?.id ?? null,
      ipHash: app.moderation.hashAddress(request.ip),
      at: clock.now(),
    });

  const sessionAnswer = (session: AdminSessionRecord) => ({
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt.toISOString(),
  });

  return {
    db,
    clock,
    setCookie,
    requireSession,
    requireChange,
    audit,
    sessionAnswer,
    sessionCookie,
  };
}

export type ConsoleContext = ReturnType<typeof consoleContext>;
