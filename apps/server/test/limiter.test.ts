import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLimiter } from '../src/adapters/limiter/memory.js';
import type { Limiter } from '../src/adapters/limiter/port.js';
import { createRedisLimiter } from '../src/adapters/limiter/redis.js';
import { testRedisUrl } from './support/redis.js';

const made: Limiter[] = [];
afterAll(async () => {
  await Promise.all(made.map((l) => l.close()));
});

const limiters: Array<[string, () => Limiter]> = [
  ['memory', () => createMemoryLimiter()],
  [
    'redis',
    () => {
      const errors: Error[] = [];
      const limiter = createRedisLimiter(
        testRedisUrl,
        `test:${randomBytes(4).toString('hex')}:`,
        (e) => errors.push(e),
      );
      made.push(limiter);
      return limiter;
    },
  ],
];

describe.each(limiters)('%s limiter', (_name, make) => {
  it('allows `limit` hits per window, then refuses with a retry time', async () => {
    const limiter = make();
    for (let i = 0; i < 3; i++) expect((await limiter.hit('k', 3, 60)).allowed).toBe(true);
    const refused = await limiter.hit('k', 3, 60);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Other keys are untouched.
    expect((await limiter.hit('other', 3, 60)).allowed).toBe(true);
  });

  it('peek does not count, and refuses once the limit is used up', async () => {
    const limiter = make();
    expect((await limiter.peek('p', 2, 60)).allowed).toBe(true);
    await limiter.hit('p', 2, 60);
    expect((await limiter.peek('p', 2, 60)).allowed).toBe(true);
    await limiter.hit('p', 2, 60);
    const peeked = await limiter.peek('p', 2, 60);
    expect(peeked.allowed).toBe(false);
    expect(peeked.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('opens a new window once the old one ends', async () => {
    const limiter = make();
    expect((await limiter.hit('w', 1, 1)).allowed).toBe(true);
    expect((await limiter.hit('w', 1, 1)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limiter.hit('w', 1, 1)).allowed).toBe(true);
  });
});

describe('redis limiter when Redis is down', () => {
  it('lets requests through and reports the error instead of failing them', async () => {
    const errors: Error[] = [];
    const limiter = createRedisLimiter('redis://127.0.0.1:1', 'down:', (e) => errors.push(e));
    made.push(limiter);
    const result = await limiter.hit('k', 1, 60);
    expect(result.allowed).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
  });
});
