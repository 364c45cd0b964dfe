import { healthEndpoint, liveEndpoint, readyEndpoint, type Health } from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.js';
import { route } from '../../http/route.js';

type HealthCheck = () => Promise<boolean>;

/** How long one round of checks answers every caller: probes write, so they are not free. */
const cacheMs = 1_500;
/**
 * A probe that has not answered by then counts as failed: load balancers give a health
 * check about 2 s, and a dependency this slow cannot serve requests either.
 */
const probeLimitMs = 1_500;

function withinProbeLimit(probe: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), probeLimitMs);
  });
  return Promise.race([probe.catch(() => false), late]).finally(() => clearTimeout(timer));
}

/**
 * /healthz and /readyz: 200 when every dependency can do what requests need (the database
 * takes a write, the file store takes a file, the disk has room), else 503 naming the part
 * that cannot. /livez: 200 while the process answers at all, for supervisors that restart
 * what is stuck — a database outage must not make them restart every instance.
 */
export default async function healthRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const probes: Record<string, HealthCheck> = {
    database: () => app.db.health(),
    storage: () => app.blobs.health(),
    ...(usesDataDir(config) ? { disk: () => app.diskRoom.hasReserve() } : {}),
  };
  let last: { at: number; result: Promise<Health> } | null = null;
  const run = async (): Promise<Health> => {
    const names = Object.keys(probes);
    const results = await Promise.all(names.map((name) => withinProbeLimit(probes[name]!())));
    const checks = Object.fromEntries(
      names.map((name, i) => [name, results[i] ? ('ok' as const) : ('unavailable' as const)]),
    );
    return { status: results.every(Boolean) ? 'ok' : 'unavailable', checks };
  };
  const current = (): Promise<Health> => {
    // A write that failed for lack of space since the last round makes its answer stale.
    if (last === null || Date.now() - last.at > cacheMs || app.diskRoom.lastFullAt >= last.at) {
      last = { at: Date.now(), result: run() };
    }
    return last.result;
  };

  for (const [endpoint, summary] of [
    [healthEndpoint, 'Health: every dependency can serve requests'],
    [readyEndpoint, `Readiness for a load balancer (the same checks as ${healthEndpoint.path})`],
  ] as const) {
    route(app, endpoint, { schema: { summary } }, async (_request, reply) => {
      const health = await current();
      if (health.status !== 'ok') reply.header('retry-after', '5');
      return reply.status(health.status === 'ok' ? 200 : 503).send(health);
    });
  }
  route(app, liveEndpoint, { schema: { summary: 'Liveness: the process answers' } }, async () => ({
    status: 'ok' as const,
    checks: {},
  }));
}

/** Whether shares live on DATA_DIR's disk (SQLite, or files stored locally). */
function usesDataDir(config: Config): boolean {
  return (
    config.healthMinFreeBytes > 0 &&
    (config.database.kind === 'sqlite' || config.storage === 'local')
  );
}
