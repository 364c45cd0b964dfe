import { Redis } from 'ioredis';
import type { Limiter } from './port.js';

/**
 * Shared counters for several instances: INCR plus an expiry set only on the window's
 * first event (EXPIRE … NX), in one MULTI so a crash cannot leave a counter that never
 * expires. If Redis is unreachable we let requests through: limiting is abuse control, and
 * an outage of it must not take the whole service down.
 */
export function createRedisLimiter(
  url: string,
  keyPrefix: string,
  onError: (error: Error) => void,
): Limiter {
  const redis = new Redis(url, {
    // Commands wait for the first connection, but never long: a slow or absent Redis
    // must not hold up requests.
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
  });
  redis.on('error', onError);
  const prefix = `${keyPrefix}limit:`;

  return {
    kind: 'redis',
    async hit(key, limit, windowSeconds) {
      try {
        const replies = await redis
          .multi()
          .incr(prefix + key)
          .expire(prefix + key, windowSeconds, 'NX')
          .pttl(prefix + key)
          .exec();
        const count = Number(replies?.[0]?.[1] ?? 0);
        const ttlMs = Number(replies?.[2]?.[1] ?? windowSeconds * 1000);
        return { allowed: count <= limit, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
      } catch (error) {
        onError(error as Error);
        return { allowed: true, retryAfterSeconds: 0 };
      }
    },
    async peek(key, limit, windowSeconds) {
      try {
        const [count, ttlMs] = await Promise.all([
          redis.get(prefix + key),
          redis.pttl(prefix + key),
        ]);
        const ttl = ttlMs > 0 ? ttlMs : windowSeconds * 1000;
        return {
          allowed: Number(count ?? 0) < limit,
          retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)),
        };
      } catch (error) {
        onError(error as Error);
        return { allowed: true, retryAfterSeconds: 0 };
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
