import cluster from 'node:cluster';
import { RateLimiterCluster, RateLimiterMemory } from 'rate-limiter-flexible';
import { consumeWith, limiterCache } from './flexible.js';
import type { Limiter } from './port.js';

/**
 * Counters of one machine: in this process, or — in a worker of `WORKERS` processes — in
 * the primary, which every worker asks over IPC, so a client gets the configured limit and
 * not WORKERS times it. Several machines need the Redis limiter.
 */
export function createMemoryLimiter(options: { shareWithCluster?: boolean } = {}): Limiter {
  const shared = options.shareWithCluster === true && cluster.isWorker;
  const rule = limiterCache((points, duration) => {
    const keyPrefix = `mem:${points}:${duration}`;
    return shared
      ? new RateLimiterCluster({ points, duration, keyPrefix, timeoutMs: 2_000 })
      : new RateLimiterMemory({ points, duration, keyPrefix });
  });
  return {
    kind: 'memory',
    consume: (key, limit, windowSeconds, points = 1) =>
      consumeWith(rule(limit, windowSeconds), key, points),
    async refund(key, limit, windowSeconds, points = 1) {
      await rule(limit, windowSeconds).reward(key, points);
    },
    async close() {},
  };
}
