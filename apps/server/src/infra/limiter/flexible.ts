import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimitResult } from './port.js';

/** rate-limiter-flexible fixes points and duration per limiter: one limiter per rule. */
export function limiterCache(make: (limit: number, windowSeconds: number) => RateLimiterAbstract) {
  const made = new Map<string, RateLimiterAbstract>();
  return (limit: number, windowSeconds: number): RateLimiterAbstract => {
    const id = `${limit}/${windowSeconds}`;
    let limiter = made.get(id);
    if (limiter === undefined) {
      limiter = make(limit, windowSeconds);
      made.set(id, limiter);
    }
    return limiter;
  };
}

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/**
 * Consumes points and maps the library's answer (resolve = fitted, reject with a
 * RateLimiterRes = over the limit) to a LimitResult. Any other rejection is a store
 * failure and is thrown for the caller to handle.
 */
export async function consumeWith(
  limiter: RateLimiterAbstract,
  key: string,
  points: number,
): Promise<LimitResult> {
  try {
    const res = await limiter.consume(key, points);
    return { allowed: true, retryAfterSeconds: retryAfter(res) };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      return { allowed: false, retryAfterSeconds: retryAfter(rejection) };
    }
    throw rejection;
  }
}
