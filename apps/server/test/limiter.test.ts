import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLimiter } from '../src/infra/limiter/memory.js';
import type { Limiter } from '../src/infra/limiter/port.js';
import { createRedisLimiter } from '../src/infra/limiter/redis.js';
import { testRedisUrl } from './support/redis.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

const made: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(made.map((l) => l.close()));
});

const prefix = () => `test:${randomBytes(4).toString('hex')}:`;
const states: string[] = [];

async function redisLimiter(url = testRedisUrl): Promise<Limiter> {
  const limiter = createRedisLimiter(url, prefix(), (state) => states.push(state));
  made.push(limiter);
  await limiter.ready?.();
  return limiter;
}

const limiters: Array<[string, () => Promise<Limiter>]> = [
  ['memory', async () => createMemoryLimiter()],
  ['redis', () => redisLimiter()],
];

describe.each(limiters)('%s limiter', (_name, make) => {
  it('allows `limit` points per window, then refuses with a retry time', async () => {
    const limiter = await make();
    for (let i = 0; i < 3; i++) expect((await limiter.consume('k', 3, 60)).allowed).toBe(true);
    const refused = await limiter.consume('k', 3, 60);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Other keys are untouched.
    expect((await limiter.consume('other', 3, 60)).allowed).toBe(true);
  });

  it('counts weighted points (bytes) against the same budget', async () => {
    const limiter = await make();
    expect((await limiter.consume('b', 1000, 60, 600)).allowed).toBe(true);
    expect((await limiter.consume('b', 1000, 60, 400)).allowed).toBe(true);
    expect((await limiter.consume('b', 1000, 60, 1)).allowed).toBe(false);
  });

  it('a refund gives a point back', async () => {
    const limiter = await make();
    await limiter.consume('r', 2, 60);
    await limiter.consume('r', 2, 60);
    await limiter.refund('r', 2, 60);
    expect((await limiter.consume('r', 2, 60)).allowed).toBe(true);
    expect((await limiter.consume('r', 2, 60)).allowed).toBe(false);
  });

  it('lets exactly `limit` of a large concurrent burst through', async () => {
    const limiter = await make();
    const results = await Promise.all(
      Array.from({ length: 500 }, () => limiter.consume('burst', 30, 60)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
  });

  it('opens a new window once the old one ends', async () => {
    const limiter = await make();
    expect((await limiter.consume('w', 1, 1)).allowed).toBe(true);
    expect((await limiter.consume('w', 1, 1)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limiter.consume('w', 1, 1)).allowed).toBe(true);
  });
});

describe('redis limiter when Redis fails', () => {
  let proxy: TcpProxy;
  afterAll(async () => proxy?.close());
  const [host, port] = new URL(testRedisUrl).host.split(':') as [string, string];

  /** Times n sequential consumes; the old limiter waited up to a second on each. */
  async function timeConsumes(limiter: Limiter, n: number) {
    const started = performance.now();
    const results = [];
    for (let i = 0; i < n; i++) results.push(await limiter.consume(`t${i % 5}`, 1_000, 60));
    return { ms: performance.now() - started, results };
  }

  it("unreachable: answers at once from this machine's counters, still limiting", async () => {
    const limiter = await redisLimiter('redis://127.0.0.1:1');
    const { ms, results } = await timeConsumes(limiter, 50);
    expect(results.every((r) => r.allowed)).toBe(true);
    expect(ms).toBeLessThan(500);
    // The fallback still limits (in one process here; workers share it through the primary).
    for (let i = 0; i < 2; i++) await limiter.consume('local', 2, 60);
    expect((await limiter.consume('local', 2, 60)).allowed).toBe(false);
  });

  it('killed mid-load and hung: stays fast, reports each change of state once, comes back', async () => {
    proxy = await startTcpProxy(host, Number(port));
    states.length = 0;
    const limiter = await redisLimiter(proxy.url('redis'));
    expect((await limiter.consume('x', 10, 60)).allowed).toBe(true);

    proxy.mode('refuse');
    const refused = await timeConsumes(limiter, 50);
    expect(refused.ms).toBeLessThan(1_000);

    // A Redis that accepts but never answers costs one short command timeout, then the
    // breaker skips it.
    proxy.mode('blackhole');
    await new Promise((resolve) => setTimeout(resolve, 5_200));
    const hung = await timeConsumes(limiter, 50);
    expect(hung.ms).toBeLessThan(1_500);
    expect(states).toEqual(['down']);

    proxy.mode('forward');
    await new Promise((resolve) => setTimeout(resolve, 7_500));
    await limiter.consume('x', 10, 60);
    expect(states).toEqual(['down', 'up']);
  }, 30_000);
});
