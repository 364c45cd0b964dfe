import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../domain/app-error.js';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function authorised(request: FastifyRequest, token: string | null): boolean {
  // request.ip honours TRUST_PROXY, so a local reverse proxy does not make everyone loopback.
  if (loopback.has(request.ip)) return true;
  const header = request.headers.authorization ?? '';
  if (token === null || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export default async function metricsRoutes(app: FastifyInstance, opts: { config: Config }) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!authorised(request, opts.config.metricsToken)) {
      throw new AppError('UNAUTHORIZED', 'Metrics need a bearer token or a loopback client');
    }
    const registry = app.metrics.registry;
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
