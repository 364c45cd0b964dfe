import { healthSchema } from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type HealthCheck = () => Promise<boolean>;

/** 200 when every dependency answers, else 503 with which one did not. */
export default async function healthRoutes(
  app: FastifyInstance,
  opts: { checks: Record<string, HealthCheck> },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness and dependency health',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const names = Object.keys(opts.checks);
      const results = await Promise.all(names.map((name) => opts.checks[name]!()));
      const checks = Object.fromEntries(
        names.map((name, i) => [name, results[i] ? ('ok' as const) : ('unavailable' as const)]),
      );
      const ok = results.every(Boolean);
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
    },
  );
}
