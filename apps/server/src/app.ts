import Fastify, {
  type FastifyHttpOptions,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Server } from 'node:http';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { serializerCompiler } from './http/serializer.js';
import type { Config } from './config/config.js';
import { systemClock, type Clock } from './infra/runtime/clock.js';
import blobsPlugin from './infra/blob/blob.plugin.js';
import dbPlugin from './infra/db/db.plugin.js';
import busPlugin from './infra/bus/bus.plugin.js';
import diskRoomPlugin from './infra/disk/disk-room.plugin.js';
import errorsPlugin, { frameworkErrorAnswer } from './http/errors.js';
import filesPlugin from './modules/files/files.plugin.js';
import { clientErrorAnswer } from './http/client-errors.js';
import limiterPlugin from './http/rate-limits.js';
import mailerPlugin from './infra/mail/mail.plugin.js';
import moderationPlugin from './modules/moderation/moderation.plugin.js';
import metricsPlugin from './modules/metrics/metrics.plugin.js';
import openapiPlugin from './http/openapi.plugin.js';
import recoveryPlugin from './modules/recovery/recovery.plugin.js';
import requestsPlugin from './modules/requests/requests.plugin.js';
import roomsPlugin from './modules/rooms/rooms.plugin.js';
import watchPlugin from './modules/watch/watch.plugin.js';
import accessLogPlugin from './http/access-log.js';
import securityHeadersPlugin, { securityHeaderLists } from './http/security-headers.js';
import { lingerBeforeClosing } from './http/lingering-close.js';
import { secureServerResponse } from './http/secure-server-response.js';
import sharesPlugin from './modules/shares/shares.plugin.js';
import sweeperPlugin from './modules/sweeper/sweeper.plugin.js';
import uploadsPlugin from './modules/files/tus.plugin.js';
import webPlugin from './modules/web/web.plugin.js';
import blobRoutes from './modules/downloads/downloads.routes.js';
import configRoutes from './modules/health/config.routes.js';
import fileRoutes from './modules/files/files.routes.js';
import healthRoutes from './modules/health/health.routes.js';
import metricsRoutes from './modules/metrics/metrics.routes.js';
import openapiRoutes from './http/openapi.routes.js';
import recoveryRoutes from './modules/recovery/recovery.routes.js';
import reportRoutes from './modules/moderation/reports.routes.js';
import requestRoutes from './modules/requests/requests.routes.js';
import roomRoutes from './modules/rooms/rooms.routes.js';
import watchRoutes from './modules/watch/watch.routes.js';
import adminRoutes from './modules/moderation/admin.routes.js';
import terminalRoutes from './modules/terminal/terminal.routes.js';
import uploadRoutes from './modules/files/tus.routes.js';
import shareRoutes from './modules/shares/shares.routes.js';
import type { Secrets } from './config/secrets.js';
import { redactUrl } from './http/log-redaction.js';

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
      // A request is logged as its method, redacted URL and address, never its headers
      // (a bearer token, a cookie): nothing is left for a redaction pass to look for.
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url, req.method),
          ip: req.ip,
        }),
      },
    },
    // One access line per request instead (http/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
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
  await instance.register(accessLogPlugin);
  await instance.register(securityHeadersPlugin, { config });
  await instance.register(metricsPlugin, { defaultMetrics: opts.defaultMetrics ?? true });
  await instance.register(errorsPlugin);
  await instance.register(openapiPlugin);

  await instance.register(dbPlugin, { database: config.database });
  await instance.register(busPlugin, { config });
  await instance.register(limiterPlugin, { config });
  await instance.register(blobsPlugin, { config });
  await instance.register(diskRoomPlugin, { config });
  await instance.register(uploadsPlugin, { config, clock });
  await instance.register(mailerPlugin, { config });
  await instance.register(sharesPlugin, { config, secrets, clock });
  await instance.register(filesPlugin, { config, secrets, clock });
  await instance.register(requestsPlugin, { config, secrets, clock });
  await instance.register(roomsPlugin, { config, secrets, clock });
  await instance.register(watchPlugin, { clock });
  await instance.register(recoveryPlugin, { config });
  await instance.register(moderationPlugin, { config, secrets, clock });
  await instance.register(sweeperPlugin, { config, clock, autoStart: opts.autoSweep ?? true });

  await instance.register(configRoutes, { config });
  await instance.register(shareRoutes, { config, clock });
  await instance.register(fileRoutes, { config });
  await instance.register(requestRoutes, { config });
  await instance.register(roomRoutes, { config });
  await instance.register(watchRoutes, { config });
  await instance.register(uploadRoutes, { config, secrets });
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
