import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.js';
import type { Secrets } from '../../config/secrets.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { pickupTokenKey } from './pickup-token.js';
import { createRequestService, type RequestService } from './requests.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Askers' requests and the submissions strangers send to them. */
    requests: RequestService;
  }
}

/** Requests (docs/design.md#requests-encrypting-to-the-asker): rows of `shares`, and more. */
async function requests(
  app: FastifyInstance,
  opts: { config: Config; secrets: Secrets; clock: Clock },
) {
  app.decorate(
    'requests',
    createRequestService({
      db: app.db.kysely,
      clock: opts.clock,
      codes: app.codes,
      escrow: app.escrow,
      ends: app.shareEnds,
      verifyAuthKey: app.verifyAuthKey,
      changes: app.shareChanges,
      pickupKey: pickupTokenKey(opts.secrets.urlSigningKey),
      limits: opts.config,
    }),
  );
}

export default fp(requests, { name: 'requests', dependencies: ['db', 'shares'] });
