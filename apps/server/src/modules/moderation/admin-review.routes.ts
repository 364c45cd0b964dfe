import {
  adminAuditEndpoint,
  adminBlockEndpoint,
  adminDeleteEndpoint,
  adminDismissEndpoint,
  adminFileEndpoint,
  adminOverviewEndpoint,
  adminQueueEndpoint,
  adminRestoreEndpoint,
  adminShareEndpoint,
  type AdminAction,
} from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/route.js';
import { servedFileType } from '../files/file-names.js';
import { filesOfShare } from '../shares/repository/index.js';
import { blockShare, dismissReports, removeShare, restoreShare } from './admin-actions.js';
import type { ConsoleContext } from './admin-console.js';
import { adminOverview, adminShare, reportQueue } from './admin-queries.js';
import { listAudit } from './audit-log.js';

/** The console's review: figures, the report queue, the audit log, a share and its actions. */
export function reviewRoutes(app: FastifyInstance, context: ConsoleContext) {
  const { db, clock, requireSession, requireChange, audit } = context;
  const actionDeps = { db, blobs: app.blobs, ends: app.shareEnds };

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
      const files = await filesOfShare(db, request.params.code);
      const file = files?.[request.params.index];
      if (file === undefined) throw new AppError('SHARE_NOT_FOUND');
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
