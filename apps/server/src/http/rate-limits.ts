import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@codedrop/contract';
import { createMemoryLimiter } from '../infra/limiter/memory.js';
import type { Limiter } from '../infra/limiter/port.js';
import type { Config } from '../config/config.js';
import { AppError } from './app-error.js';
import { clientGroup } from './client-address.js';

declare module 'fastify' {
  interface FastifyInstance {
    limits: RateLimits;
  }
}

/** A miss taken before a lookup; `refund` gives it back when the lookup was no miss. */
export interface MissReservation {
  refund(): Promise<void>;
}

export interface RateLimits {
  limiter: Limiter;
  /**
   * The key a request's client is counted by: its address, or for IPv6 the
   * RATE_LIMIT_IPV6_PREFIX network of it (docs/design.md#client-addresses).
   */
  client(request: FastifyRequest): string;
  /** Counts a creation; throws RATE_LIMITED past RATE_LIMIT_CREATES an hour. */
  creation(request: FastifyRequest): Promise<void>;
  /**
   * Takes one miss from the client's RATE_LIMIT_MISSES per 10 minutes before a lookup
   * runs (throws RATE_LIMITED when none is left). Counting first is what makes the limit
   * exact under any concurrency: a burst cannot all pass a check before any is counted.
   */
  reserveMiss(request: FastifyRequest): Promise<MissReservation>;
  /** Charges `bytes` to the client's RATE_LIMIT_UPLOAD_BYTES an hour; throws RATE_LIMITED past it. */
  uploadBytes(request: FastifyRequest, bytes: number): Promise<void>;
  /** `points` of a named budget of `limit` per `windowSeconds`; throws RATE_LIMITED past it. */
  consume(key: string, limit: number, windowSeconds: number, points?: number): Promise<void>;
}

const missWindowSeconds = 600;
const createWindowSeconds = 3_600;

function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', messages.rateLimited(retryAfterSeconds), {
    retryAfterSeconds,
  });
}

const noReservation: MissReservation = { refund: async () => {} };

/** Counters in this process (shared with the cluster's primary), or in Redis when configured. */
async function openStore(app: FastifyInstance, config: Config): Promise<Limiter> {
  if (config.redisUrl === null) return createMemoryLimiter({ shareWithCluster: true });
  // ioredis is imported only when Redis is configured (docs/design.md#start-up).
  const { createRedisLimiter } = await import('../infra/limiter/redis.js');
  return createRedisLimiter(config.redisUrl, config.redisKeyPrefix, (state, error) => {
    if (state === 'down') {
      app.log.warn(
        { err: error },
        'rate limiter: Redis unavailable, counting on this machine until it is back',
      );
    } else app.log.warn('rate limiter: Redis is back, limits are shared again');
  });
}

async function limiter(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const store = await openStore(app, config);
  await store.ready?.();
  const disabled = config.rateLimitDisabled;
  const consume: RateLimits['consume'] = async (key, limit, windowSeconds, points = 1) => {
    if (disabled) return;
    const result = await store.consume(key, limit, windowSeconds, points);
    if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
  };
  const client = (request: FastifyRequest) => clientGroup(request.ip, config.rateLimitIpv6Prefix);
  const limits: RateLimits = {
    limiter: store,
    client,
    creation: (request) =>
      consume(`create:${client(request)}`, config.rateLimitCreates, createWindowSeconds),
    async uploadBytes(request, bytes) {
      if (disabled) return;
      const key = `upload-bytes:${client(request)}`;
      const budget = config.rateLimitUploadBytes;
      const result = await store.consume(key, budget, createWindowSeconds, bytes);
      if (result.allowed) return;
      // A refused upload stored nothing: it must not use up what a smaller one could still send.
      await store.refund(key, budget, createWindowSeconds, bytes);
      throw rateLimited(result.retryAfterSeconds);
    },
    async reserveMiss(request) {
      if (disabled) return noReservation;
      const key = `miss:${client(request)}`;
      await consume(key, config.rateLimitMisses, missWindowSeconds);
      return {
        refund: () => store.refund(key, config.rateLimitMisses, missWindowSeconds),
      };
    },
    consume,
  };
  app.decorate('limits', limits);
  app.addHook('onClose', async () => store.close());
}

export default fp(limiter, { name: 'limiter', dependencies: [] });
