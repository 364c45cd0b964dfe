import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.js';
import {
  createRecoveryService,
  recoveryMailsPerRecipient,
  type RecoveryService,
} from './recovery.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    recovery: RecoveryService;
  }
}

/** Mails an encrypted share's escrowed password to its recovery email. */
async function recovery(app: FastifyInstance, opts: { config: Config }) {
  app.decorate(
    'recovery',
    createRecoveryService({
      shares: app.shares,
      escrow: app.escrow,
      mailer: app.mailer,
      publicUrl: opts.config.publicUrl,
      takeMailAllowance: (emailHash) =>
        app.limits.consume(`recovery-mail:${emailHash}`, recoveryMailsPerRecipient, 86_400),
    }),
  );
}

export default fp(recovery, { name: 'recovery', dependencies: ['shares', 'mailer', 'limiter'] });
