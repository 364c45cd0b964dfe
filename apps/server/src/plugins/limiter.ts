import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createMemoryLimiter } from '../adapters/limiter/memory.js';
import type { Limiter } from '../adapters/limiter/port.js';
import { createRedisLimiter } from '../adapters/limiter/redis.js';
import type { Config } from '../config.js';
import { AppError } from '../domain/app-error.js';
import { messages } from '@codedrop/contract';

declare module 'fastify' {
  interface FastifyInstance {
    limits: RateLimits;
  }
}

export interface RateLimits {
  limiter: Limiter;
  /** Counts a creation; throws RATE_LIMITED past RATE_LIMIT_CREATES an hour. */
  creation(request: FastifyRequest): Promise<void>;
  /** Throws RATE_LIMITED if this client already missed RATE_LIMIT_MISSES times in 10 min. */
  beforeLookup(request: FastifyRequest): Promise<void>;
  /** Counts a lookup that found nothing (404/410) or a wrong password. */
  miss(request: FastifyRequest): Promise<void>;
  /** A named limit of `limit` events per `windowSeconds` (recovery uses these). */
  consume(key: string, limit: number, windowSeconds: number): Promise<void>;
}

const missWindowSeconds = 600;
const createWindowSeconds = 3_600;

function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', messages.rateLimited(retryAfterSeconds), {
    retryAfterSeconds,
  });
}

async function limiter(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const store =
    config.redisUrl === null
      ? createMemoryLimiter()
      : createRedisLimiter(config.redisUrl, config.redisKeyPrefix, (error) =>
          app.log.warn({ err: error }, 'rate limiter: redis unavailable, allowing requests'),
        );
  const disabled = config.rateLimitDisabled;
  const consume = async (key: string, limit: number, windowSeconds: number) => {
    if (disabled) return;
    const result = await store.hit(key, limit, windowSeconds);
    if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
  };
  const limits: RateLimits = {
    limiter: store,
    creation: (request) =>
      consume(`create:${request.ip}`, config.rateLimitCreates, createWindowSeconds),
    async beforeLookup(request) {
      if (disabled) return;
      const result = await store.peek(
        `miss:${request.ip}`,
        config.rateLimitMisses,
        missWindowSeconds,
      );
      if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
    },
    async miss(request) {
      if (!disabled)
        await store.hit(`miss:${request.ip}`, config.rateLimitMisses, missWindowSeconds);
    },
    consume,
  };
  app.decorate('limits', limits);
  app.addHook('onClose', async () => store.close());
}

export default fp(limiter, { name: 'limiter' });
