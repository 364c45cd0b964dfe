import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOutboxMailer } from './outbox.js';
import type { Mailer } from './port.js';
import type { Config } from '../../config/config.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

async function mailer(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const instance =
    config.smtpUrl === null
      ? createOutboxMailer({
          dir: join(config.dataDir, 'outbox'),
          from: config.mailFrom,
          onSaved: (file) => app.log.info({ file }, 'mail written to the outbox'),
        })
      : // Imported only when SMTP is configured (docs/design.md#start-up).
        (await import('./smtp.js')).createSmtpMailer({
          url: config.smtpUrl,
          from: config.mailFrom,
        });
  app.decorate('mailer', instance);
  app.addHook('onClose', async () => instance.close());
}

export default fp(mailer, { name: 'mailer', dependencies: [] });
