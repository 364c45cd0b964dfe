import { timingSafeEqual } from 'node:crypto';
import { metricsEndpoint } from '@codedrop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clusterMetricsSource } from '../../cluster/cluster-metrics.js';
import type { Config } from '../../config/config.js';
import { AppError } from '../../http/app-error.js';
import { route } from '../../http/route.js';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function authorised(request: FastifyRequest, token: string | null): boolean {
  // Only the socket says who is connected: request.ip comes from X-Forwarded-For when
  // TRUST_PROXY is set, which a client can write. And a request a proxy forwarded (it
  // carries X-Forwarded-For) comes from whoever is behind that proxy, not from this host.
  const direct = request.headers['x-forwarded-for'] === undefined;
  if (direct && loopback.has(request.socket.remoteAddress ?? '')) return true;
  const header = request.headers.authorization ?? '';
  if (token === null || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export default async function metricsRoutes(
  app: FastifyInstance,
  opts: { config: Config; cluster: boolean },
) {
  const registry = app.metrics.registry;
  const local = async () => ({ text: await registry.metrics(), contentType: registry.contentType });
  // With several workers, any one of them may answer: it answers for all of them.
  const gather = opts.cluster ? clusterMetricsSource(registry) : local;
  route(app, metricsEndpoint, { schema: { hide: true } }, async (request, reply) => {
    if (!authorised(request, opts.config.metricsToken)) {
      throw new AppError('UNAUTHORIZED', 'Metrics need a bearer token or a loopback client');
    }
    const { text, contentType } = await gather();
    return reply.type(contentType).send(text);
  });
}
