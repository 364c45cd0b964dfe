import Fastify, {
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { Server } from 'node:http';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { serializerCompiler } from './plugins/serializer.js';
import type { Config } from './config.js';
import { systemClock, type Clock } from './domain/clock.js';
import blobsPlugin from './plugins/blobs.js';
import dbPlugin from './plugins/db.js';
import diskRoomPlugin from './plugins/disk-room.js';
import errorsPlugin, { frameworkErrorAnswer } from './plugins/errors.js';
import filesPlugin from './plugins/files.js';
import { clientErrorAnswer } from './plugins/client-errors.js';
import limiterPlugin from './plugins/limiter.js';
import mailerPlugin from './plugins/mailer.js';
import moderationPlugin from './plugins/moderation.js';
import metricsPlugin from './plugins/metrics.js';
import openapiPlugin from './plugins/openapi.js';
import recoveryPlugin from './plugins/recovery.js';
import securityHeadersPlugin, { securityHeaderLists } from './plugins/security-headers.js';
import { lingerBeforeClosing } from './plugins/lingering-close.js';
import { secureServerResponse } from './plugins/secure-server-response.js';
import sharesPlugin from './plugins/shares.js';
import sweeperPlugin from './plugins/sweeper.js';
import uploadsPlugin from './plugins/uploads.js';
import webPlugin from './plugins/web.js';
import blobRoutes from './routes/blobs.js';
import configRoutes from './routes/config.js';
import fileRoutes from './routes/files.js';
import healthRoutes from './routes/health.js';
import metricsRoutes from './routes/metrics.js';
import openapiRoutes from './routes/openapi.js';
import recoveryRoutes from './routes/recovery.js';
import reportRoutes from './routes/reports.js';
import adminRoutes from './routes/admin.js';
import terminalRoutes from './routes/terminal.js';
import uploadRoutes from './routes/uploads.js';
import shareRoutes from './routes/shares.js';
import type { Secrets } from './secrets.js';
import { redactUrl } from './domain/log-redaction.js';

export interface AppOptions {
  config: Config;
  secrets: Secrets;
  /** Defaults to the system clock; tests pass one they can move. */
  clock?: Clock;
  /** Run the sweeper on its interval (tests call app.sweeper.runOnce() instead). */
  autoSweep?: boolean;
  /** Process-wide metrics (CPU, memory, event loop); off when tests build many apps. */
  defaultMetrics?: boolean;
  /** In a worker of several: /metrics reports the sum over every worker (from the primary). */
  clusterMetrics?: boolean;
  /** Where log lines go (stdout by default); tests read them. */
  logStream?: { write(line: string): void };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count is the `n` nearest addresses trusted, as
 * Express counts them: Fastify now refuses numbers (a client reaching the server directly
 * could name its own address), so the count becomes the function it used to be; README.md
 * says to use a count only where every request comes through the proxies.
 */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

export function serverOptions(
  config: Config,
  logStream?: { write(line: string): void },
): FastifyHttpOptions<Server> {
  return {
    logger: {
      level: config.logLevel,
      ...(logStream === undefined ? {} : { stream: logStream }),
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url, req.method),
          ip: req.ip,
        }),
      },
    },
    trustProxy: trustProxyOption(config.trustProxy),
    // JSON bodies are small (a code, a key, an email address); POST /api/shares alone
    // raises its own limit for notes, texts and envelopes. Bigger bodies are refused unread.
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 2048 },
    // A request must have arrived completely by then (a slow upload included): 408 after.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    // Node arms the whole-request timer (body included) only from the options the server
    // is created with: set as a property afterwards, as Fastify does, it covers headers
    // only. And it looks for late requests every 30 s by default; a short timeout needs a
    // closer look, or it would be overrun by up to that much.
    http: {
      // Every response's head carries the security headers, written as one block.
      ServerResponse: secureServerResponse(securityHeaderLists(config)),
      requestTimeout: config.requestTimeoutSeconds * 1000,
      connectionsCheckingInterval: Math.min(30_000, config.requestTimeoutSeconds * 250),
    },
    clientErrorHandler: clientErrorAnswer,
    // A path the router cannot decode (bad percent-encoding) is answered like any error.
    frameworkErrors: frameworkErrorAnswer,
    ajv: { customOptions: { removeAdditional: false } },
  };
}

/**
 * The whole app as a plugin: tests build it without opening a port. It only registers.
 * Each service is a named plugin that declares what it depends on and decorates the
 * instance (app.db, app.shares, app.files, …); routes read the services from there.
 */
async function app(instance: FastifyInstance, opts: AppOptions) {
  const { config, secrets } = opts;
  const clock = opts.clock ?? systemClock;
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(serializerCompiler);
  await instance.register(securityHeadersPlugin, { config });
  await instance.register(metricsPlugin, { defaultMetrics: opts.defaultMetrics ?? true });
  await instance.register(errorsPlugin);
  await instance.register(openapiPlugin);

  await instance.register(dbPlugin, { database: config.database });
  await instance.register(limiterPlugin, { config });
  await instance.register(blobsPlugin, { config });
  await instance.register(diskRoomPlugin, { config });
  await instance.register(uploadsPlugin, { config, clock });
  await instance.register(mailerPlugin, { config });
  await instance.register(sharesPlugin, { config, secrets, clock });
  await instance.register(filesPlugin, { config, secrets, clock });
  await instance.register(recoveryPlugin, { config });
  await instance.register(moderationPlugin, { config, secrets, clock });
  await instance.register(sweeperPlugin, { config, clock, autoStart: opts.autoSweep ?? true });

  await instance.register(configRoutes, { config });
  await instance.register(shareRoutes, { config, clock });
  await instance.register(fileRoutes, { config });
  await instance.register(uploadRoutes, { config, clock, secrets });
  await instance.register(recoveryRoutes, { config });
  await instance.register(reportRoutes, { config });
  await instance.register(adminRoutes, { config, clock });
  await instance.register(blobRoutes, { config, secrets, clock });
  await instance.register(healthRoutes, { config });
  await instance.register(metricsRoutes, { config, cluster: opts.clusterMetrics ?? false });
  await instance.register(openapiRoutes);
  await instance.register(webPlugin, { config });
  await instance.register(terminalRoutes, { config });
}

// Not encapsulated, so the services it decorates (db, sweeper, …) are reachable from the
// instance that registers it: tests and server.ts drive them directly.
const codedrop = fp(app, { name: 'codedrop' });
export default codedrop;

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const instance = Fastify(serverOptions(opts.config, opts.logStream));
  lingerBeforeClosing(instance.server);
  await instance.register(codedrop, opts);
  return instance;
}
