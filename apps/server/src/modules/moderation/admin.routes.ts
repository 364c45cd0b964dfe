import {
  adminSessionEndpoint,
  adminSignInEndpoint,
  adminSignOutEndpoint,
  adminSignOutEverywhereEndpoint,
} from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.js';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/route.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { consoleContext } from './admin-console.js';
import { parsePasswordHash } from './admin-password.js';
import { reviewRoutes } from './admin-review.routes.js';
import {
  adminSessionSeconds,
  closeAdminSession,
  closeAllAdminSessions,
  openAdminSession,
  passwordFingerprint,
} from './admin-sessions.js';
import { signInGuard } from './admin-sign-in.routes.js';

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
  const context = consoleContext(app, { config, clock, fingerprint });
  const { db, setCookie, requireSession, requireChange, audit, sessionAnswer, sessionCookie } =
    context;

  const signIns = signInGuard(app, {
    config,
    passwordHash,
    note: (request, refusal) => audit(request, 'sign-in-limited', null, null, refusal),
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

  reviewRoutes(app, context);
}
