import { recoverPasswordEndpoint } from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.js';
import { requireCode } from '../../http/guards.js';
import { route } from '../../http/route.js';

/**
 * Five recovery requests an hour, per client address and per share
 * (docs/operations.md#rate-limits-and-abuse-control).
 */
const recoveryLimit = 5;
const recoveryWindowSeconds = 3_600;

export default async function recoveryRoutes(app: FastifyInstance, opts: { config: Config }) {
  route(
    app,
    recoverPasswordEndpoint,
    {
      schema: {
        summary: 'Mail the escrowed password of an encrypted share to its recovery email',
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
