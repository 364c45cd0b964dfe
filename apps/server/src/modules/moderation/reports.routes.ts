import { reportShareEndpoint } from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.js';
import { requireCode } from '../../http/guards.js';
import { route } from '../../http/route.js';

const reportWindowSeconds = 3_600;

export default async function reportRoutes(app: FastifyInstance, opts: { config: Config }) {
  route(
    app,
    reportShareEndpoint,
    {
      schema: {
        summary:
          'Report a share for review (answers 202 for every code, so it cannot test whether one exists)',
      },
    },
    async (request, reply) => {
      const code = requireCode(request.params.code, opts.config);
      await app.limits.consume(
        `report:${app.limits.client(request)}`,
        opts.config.rateLimitReports,
        reportWindowSeconds,
      );
      const filed = await app.moderation.report(code, request.body, request.ip);
      app.shareChanges.changed(code, { quarantined: filed.quarantined });
      return reply.status(202).send(filed.answer);
    },
  );
}
