import { problemSchema, recoveryBodySchema, recoveryResponseSchema } from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config/config.js';
import { requireCode } from '../../http/guards.js';

/**
 * Five recovery requests an hour, per client address and per share
 * (docs/operations.md#rate-limits-and-abuse-control).
 */
const recoveryLimit = 5;
const recoveryWindowSeconds = 3_600;

export default async function recoveryRoutes(app: FastifyInstance, opts: { config: Config }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/recovery',
    {
      schema: {
        summary: 'Mail the escrowed password of an encrypted share to its recovery email',
        body: recoveryBodySchema,
        response: { 200: recoveryResponseSchema, '4XX': problemSchema, '5XX': problemSchema },
      },
    },
    async (request) => {
      const code = requireCode(request.body.shareCode, opts.config);
      await app.limits.consume(
        `recovery-ip:${app.limits.client(request)}`,
        recoveryLimit,
        recoveryWindowSeconds,
      );
      await app.limits.consume(`recovery-share:${code}`, recoveryLimit, recoveryWindowSeconds);
      return app.recovery.recover(code, request.body.email);
    },
  );
}
