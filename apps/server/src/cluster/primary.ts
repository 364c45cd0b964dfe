import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import { createDb, migrate } from '../infra/db/index.js';
import type { Config } from '../config/config.js';
import { resolveSecrets } from '../config/secrets.js';
import { relayBusMessages } from '../infra/bus/cluster.js';
import { metricsReply, metricsRequest, roleEnv, type WorkerRole } from './messages.js';

/** How long past the workers' own drain deadline the primary waits before killing them. */
const killAfterDrainMs = 5_000;
/** A worker that dies sooner than this after starting is crash-looping: wait before the next. */
const stableMs = 10_000;

/**
 * The primary of `WORKERS` worker processes sharing the port (node:cluster). It owns what
 * must exist once per machine: start-up work (secrets, migrations) done before any worker
 * runs, the per-machine rate-limit counters every worker consults, the sweeper role (given
 * to exactly one worker at a time), metrics summed over all workers, replacing workers that
 * die, and draining them all on SIGTERM.
 */
export async function runPrimary(config: Readonly<Config>): Promise<void> {
  const log = pino({ level: config.logLevel });
  // Done here once, so workers never race to generate secrets or migrate the schema.
  resolveSecrets(config);
  const db = createDb(config.database, 'migrations');
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  // The workers' machine-wide counters: the limits themselves without Redis, and the
  // fallback while Redis is unreachable (infra/limiter/redis.ts).
  new RateLimiterClusterMaster();
  const aggregator = new AggregatorRegistry();

  const roles = new Map<Worker, WorkerRole>();
  let stopping = false;
  // One exit status whatever WORKERS is: 1 when any worker's drain was forced.
  let forced = false;
  const fork = (role: WorkerRole) => {
    const worker = cluster.fork(roleEnv(role));
    roles.set(worker, role);
    const startedAt = Date.now();
    worker.on('message', (message: unknown) => {
      if (relayBusMessages(message)) return;
      const request = metricsRequest(message);
      if (request === null) return;
      aggregator.clusterMetrics().then(
        (text) => worker.send(metricsReply(request.id, text, aggregator.contentType)),
        (error: unknown) => {
          log.warn({ err: error }, 'metrics from the workers could not be gathered');
          worker.send(metricsReply(request.id, null, aggregator.contentType));
        },
      );
    });
    worker.on('exit', (code, signal) => {
      roles.delete(worker);
      if (stopping) {
        // Ended by SIGTERM itself, a worker was still starting: it had nothing to drain.
        if (code !== 0 && signal !== 'SIGTERM') forced = true;
        if (roles.size === 0) process.exit(forced ? 1 : 0);
        return;
      }
      log.error({ worker: role.index, code, signal }, 'worker died; starting a new one');
      const crashLooping = Date.now() - startedAt < stableMs;
      setTimeout(() => stopping || fork(role), crashLooping ? 1_000 : 0);
    });
  };
  for (let index = 0; index < config.workers; index++) fork({ index, sweeper: index === 0 });
  log.info({ workers: config.workers, port: config.port }, 'started worker processes');

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: draining workers');
    const force = setTimeout(
      () => {
        log.error('workers did not finish in time; stopping them');
        for (const worker of roles.keys()) worker.process.kill('SIGKILL');
        process.exit(1);
      },
      config.shutdownDrainSeconds * 1000 + killAfterDrainMs,
    );
    force.unref();
    if (roles.size === 0) process.exit(0);
    // Each worker drains (drain.ts) and exits 0, or 1 when its deadline cut requests.
    for (const worker of roles.keys()) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
