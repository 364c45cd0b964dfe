import {
  adminApiPath,
  adminAuditEndpoint,
  adminBlockEndpoint,
  adminDeleteEndpoint,
  adminDismissEndpoint,
  adminFileEndpoint,
  adminOverviewEndpoint,
  adminQueueEndpoint,
  adminRestoreEndpoint,
  adminSessionEndpoint,
  adminShareEndpoint,
  adminSignInEndpoint,
  adminSignOutEndpoint,
  adminSignOutEverywhereEndpoint,
  type AdminAction,
} from '@codedrop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.js';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/route.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { servedFileType } from '../files/file-names.js';
import { blockShare, dismissReports, removeShare, restoreShare } from './admin-actions.js';
import { parsePasswordHash } from './admin-password.js';
import { adminOverview, adminShare, reportQueue } from './admin-queries.js';
import {
  adminSessionSeconds,
  closeAdminSession,
  closeAllAdminSessions,
  findAdminSession,
  openAdminSession,
  passwordFingerprint,
  type AdminSessionRecord,
} from './admin-sessions.js';
import { listAudit, recordAudit } from './audit-log.js';
import { storedFilesOf } from '../files/stored-files.js';
import { signInGuard } from './admin-sign-in.routes.js';

const cookieName = 'codedrop_admin';
/** The cookie goes to the console's API only, never with a visitor's requests. */
const cookiePath = adminApiPath;
export const csrfHeader = 'codedrop-csrf';

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
 * The operator's console API (docs/api.md#admin). Registered only with ADMIN_PASSWORD_HASH:
 * without it, every /api/admin path is a plain 404, like any unknown path. A session is an
 * HttpOnly, SameSite=Strict cookie scoped to /api/admin; every change also needs the
 * session's CSRF token in the CodeDrop-CSRF header, which another site cannot read.
 */
export default async function adminRoutes(
  app: FastifyInstance,
  opts: { config: Config; clock: Clock },
) {
  const { config, clock } = opts;
  const passwordHash = config.adminPasswordHash && parsePasswordHash(config.adminPasswordHash);
  if (!passwordHash) return;
  // Sessions are found only under the hash they were opened with: a new hash ends them all.
  const fingerprint = passwordFingerprint(config.adminPasswordHash!);
  const db = app.db.kysely;
  const secure = config.publicUrl?.startsWith('https:') ?? false;
  const actionDeps = {
    db,
    blobs: app.blobs,
    forgetUploads: (keys: readonly string[]) => app.uploads.forget(keys),
  };

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

  const signIns = signInGuard(app, {
    config,
    passwordHash,
    note: (request, refusal) => audit(request, 'sign-in-limited', null, null, refusal),
  });

  const sessionAnswer = (session: AdminSessionRecord) => ({
    csrfToken: session.csrfToken,
    expiresAt: session.expiresAt.toISOString(),
  });

  route(
    app,
    adminSignInEndpoint,
    { schema: { summary: 'Sign in to the console (sets the session cookie)' } },
    async (request, reply) => {
      if (!(await signIns.check(request, request.body.password))) {
        request.log.warn('console sign-in failed');
        await audit(request, 'sign-in-failed', null);
        throw new AppError('UNAUTHORIZED', 'Wrong password');
      }
      const ipHash = app.moderation.hashAddress(request.ip);
      const { token, session } = await openAdminSession(db, ipHash, fingerprint, clock.now());
      request.log.info({ session: session.id }, 'console sign-in');
      await audit(request, 'sign-in', session);
      setCookie(reply, token, adminSessionSeconds);
      return sessionAnswer(session);
    },
  );

  route(
    app,
    adminSessionEndpoint,
    { schema: { summary: 'The signed-in session (401 when there is none)' } },
    async (request) => sessionAnswer(await requireSession(request)),
  );

  route(app, adminSignOutEndpoint, { schema: { summary: 'Sign out' } }, async (request, reply) => {
    const session = await requireChange(request);
    await closeAdminSession(db, sessionCookie(request)!);
    await audit(request, 'sign-out', session);
    setCookie(reply, '', 0);
    return reply.status(204).send(null);
  });

  route(
    app,
    adminSignOutEverywhereEndpoint,
    { schema: { summary: 'Sign out everywhere: end every console session, this one included' } },
    async (request, reply) => {
      const session = await requireChange(request);
      const ended = await closeAllAdminSessions(db);
      await audit(request, 'sign-out-everywhere', session, null, `${ended} sessions`);
      setCookie(reply, '', 0);
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    adminOverviewEndpoint,
    { schema: { summary: 'Figures at a glance' } },
    async (request) => {
      await requireSession(request);
      return adminOverview(db, clock.now());
    },
  );

  route(
    app,
    adminQueueEndpoint,
    { schema: { summary: 'The report queue: shares with unreviewed reports, newest first' } },
    async (request) => {
      await requireSession(request);
      return { entries: await reportQueue(db, clock.now()) };
    },
  );

  route(
    app,
    adminAuditEndpoint,
    { schema: { summary: 'The audit log, newest first' } },
    async (request) => {
      await requireSession(request);
      return { entries: await listAudit(db) };
    },
  );

  route(
    app,
    adminShareEndpoint,
    { schema: { summary: 'A share as the operator sees it, with its reports' } },
    async (request) => {
      const session = await requireSession(request);
      const share = await adminShare(db, request.params.code, clock.now());
      if (share === null) throw new AppError('SHARE_NOT_FOUND');
      await audit(request, 'view', session, share.code);
      return share;
    },
  );

  route(
    app,
    adminFileEndpoint,
    { schema: { summary: "A file's stored bytes, for the console's previews" } },
    async (request, reply) => {
      const session = await requireSession(request);
      const row = await db
        .selectFrom('shares')
        .select('files')
        .where('code', '=', request.params.code)
        .executeTakeFirst();
      const file = row === undefined ? undefined : storedFilesOf(row)[request.params.index];
      if (row === undefined || file === undefined) throw new AppError('SHARE_NOT_FOUND');
      await audit(request, 'view', session, request.params.code, `file ${request.params.index}`);
      // Bytes are fetched by the console, which decides what they are from the bytes
      // themselves; served as data (never the declared type), opened directly they download,
      // and the API's sandboxing CSP keeps anything active inert.
      return reply
        .type(servedFileType)
        .header('content-disposition', 'attachment')
        .header('content-length', file.size)
        .send(await app.blobs.get(file.key));
    },
  );

  const change = (
    endpoint: typeof adminRestoreEndpoint | typeof adminDismissEndpoint,
    action: Extract<AdminAction, 'restore' | 'dismiss'>,
    run: (code: string, now: Date) => Promise<void>,
  ) =>
    route(
      app,
      endpoint,
      {
        schema: {
          summary:
            action === 'restore'
              ? 'Restore: serve the share again; its reports stay, reviewed'
              : 'Dismiss reports: delete them and lift any quarantine',
        },
      },
      async (request, reply) => {
        const session = await requireChange(request);
        await run(request.params.code, clock.now());
        await audit(request, action, session, request.params.code);
        return reply.status(204).send(null);
      },
    );
  change(adminRestoreEndpoint, 'restore', (code, now) => restoreShare(db, code, now));
  change(adminDismissEndpoint, 'dismiss', (code, now) => dismissReports(db, code, now));

  route(
    app,
    adminDeleteEndpoint,
    { schema: { summary: 'Delete the share, its reports and its files now' } },
    async (request, reply) => {
      const session = await requireChange(request);
      await removeShare(actionDeps, request.params.code);
      await audit(request, 'delete', session, request.params.code);
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    adminBlockEndpoint,
    {
      schema: {
        summary: "Block file: put each file's SHA-256 on the block list and delete the share",
      },
    },
    async (request) => {
      const session = await requireChange(request);
      const blocked = await blockShare(actionDeps, request.params.code, clock.now());
      await audit(request, 'block', session, request.params.code, blocked.join(' '));
      return { blocked };
    },
  );
}
