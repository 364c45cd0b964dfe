import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { createBreaker } from './breaker.js';
import { consumeWith, limiterCache } from './flexible.js';
import { createMemoryLimiter } from './memory.js';
import type { Limiter } from './port.js';

/** How long the limiter stays on its machine-wide fallback after Redis fails. */
const breakerOpenMs = 5_000;

/**
 * Counters shared by every instance through Redis (rate-limiter-flexible's atomic Lua
 * INCR + expiry). Limiting is abuse control: a Redis outage must neither fail requests nor
 * slow them down. So commands are never queued while disconnected and time out fast, and a
 * circuit breaker sends every call to this machine's counters (shared by its workers, as
 * without Redis) for a few seconds after a failure — limits keep holding per instance (fail
 * open to the local limit, not to none) and each request stays within a millisecond of
 * normal. Each change of state is reported once per process.
 */
export function createRedisLimiter(
  url: string,
  keyPrefix: string,
  onStateChange: (state: 'down' | 'up', error?: Error) => void,
): Limiter {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 250,
    connectTimeout: 1_000,
    // Keep trying to come back, but never faster than the breaker would use it.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Connection errors surface through the breaker; this listener only keeps ioredis from
  // treating them as unhandled.
  redis.on('error', () => {});
  const rule = limiterCache(
    (points, duration) =>
      new RateLimiterRedis({
        storeClient: redis,
        points,
        duration,
        keyPrefix: `${keyPrefix}limit:${points}:${duration}`,
        rejectIfRedisNotReady: true,
      }),
  );
  const local = createMemoryLimiter({ shareWithCluster: true });
  const breaker = createBreaker({ openMs: breakerOpenMs, onChange: onStateChange });

  const connected = new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    setTimeout(resolve, 1_000).unref();
  });

  return {
    kind: 'redis',
    // Start-up waits (briefly) for the connection, so the first requests use Redis.
    ready: () => connected,
    consume: (key, limit, windowSeconds, points = 1) =>
      breaker.run(
        () => consumeWith(rule(limit, windowSeconds), key, points),
        () => local.consume(key, limit, windowSeconds, points),
      ),
    refund: (key, limit, windowSeconds, points = 1) =>
      breaker.run(
        async () => {
          await rule(limit, windowSeconds).reward(key, points);
        },
        () => local.refund(key, limit, windowSeconds, points),
      ),
    async close() {
      redis.disconnect();
      await local.close();
    },
  };
}
