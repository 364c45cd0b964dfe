import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import { RequestCounter, RouteDurationHistogram } from './request-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export interface Metrics {
  registry: Registry;
  sharesCreated: Counter<'type'>;
  lookups: Counter<'result'>;
  sweeps: Counter<'result'>;
  reclaimed: Counter<'kind'>;
  unavailable: Counter<'dependency'>;
}

/** One registry per app instance, so tests can build many apps in one process. */
async function metrics(app: FastifyInstance, opts: { defaultMetrics?: boolean }) {
  const registry = new Registry();
  if (opts.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  const requests = new RequestCounter(
    'codedrop_http_requests_total',
    'HTTP requests answered, by method, route and status',
  );
  const duration = new RouteDurationHistogram(
    'codedrop_http_request_duration_seconds',
    'Time to answer HTTP requests, by route',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  );
  registry.registerMetric(requests as never);
  registry.registerMetric(duration as never);
  const value: Metrics = {
    registry,
    sharesCreated: new Counter({
      name: 'codedrop_shares_created_total',
      help: 'Shares created, by type',
      labelNames: ['type'],
      registers: [registry],
    }),
    lookups: new Counter({
      name: 'codedrop_share_lookups_total',
      help: 'Share lookups by code, by result (hit or miss)',
      labelNames: ['result'],
      registers: [registry],
    }),
    sweeps: new Counter({
      name: 'codedrop_sweeps_total',
      help: 'Sweeper runs, by result (ok or error)',
      labelNames: ['result'],
      registers: [registry],
    }),
    reclaimed: new Counter({
      name: 'codedrop_reclaimed_total',
      help: 'Objects reclaimed by the sweeper (share rows, blobs, orphan blobs)',
      labelNames: ['kind'],
      registers: [registry],
    }),
    unavailable: new Counter({
      name: 'codedrop_unavailable_total',
      help: 'Requests answered 503 because a dependency failed, by dependency (database, storage, disk, other)',
      labelNames: ['dependency'],
      registers: [registry],
    }),
  };
  app.decorate('metrics', value);
  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL: codes and tokens must not become label values.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc(request.method, route, reply.statusCode);
    duration.observe(route, reply.elapsedTime / 1000);
    done();
  });
}

export default fp(metrics, { name: 'metrics' });
