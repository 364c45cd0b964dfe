import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@codedrop/contract';
import { servingProcesses, startTestApp, http, type TestApp } from './support/app.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { testRedisUrl } from './support/redis.js';

const stores = [
  ['in-process', {}],
  ['redis', { REDIS_URL: testRedisUrl }],
] as const;

describe.each(stores)('rate limits (%s)', (storeName, storeEnv) => {
  let database: TestDatabase;
  let servers: TestApp[];

  beforeAll(async () => {
    database = await createTestDatabase(testDialects()[0]!);
    const env = {
      ...storeEnv,
      REDIS_KEY_PREFIX: `test:${randomBytes(4).toString('hex')}:`,
      RATE_LIMIT_MISSES: '3',
      RATE_LIMIT_CREATES: '4',
    };
    servers = [await startTestApp(database, { env })];
    // With Redis, a second instance shares the same counters.
    if (storeName === 'redis') servers.push(await startTestApp(database, { env }));
  });
  afterAll(async () => {
    await Promise.all(servers?.map((s) => s.close()) ?? []);
    await database?.drop();
  });

  const at = (i: number) => servers[i % servers.length]!.url;

  it('limits creations per client and says how long to wait', async () => {
    for (let i = 0; i < 4; i++) {
      const ok = await http(at(i), '/api/shares', {
        method: 'POST',
        json: { type: 'clipboard', content: 'x' },
      });
      expect(ok.status).toBe(201);
    }
    const limited = await http(at(4), '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'x' },
    });
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.body).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterSeconds: retryAfter,
      detail: messages.rateLimited(retryAfter),
    });
  });

  it('limits lookups that miss; hits do not count', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await http(at(i), `/api/shares/99999${i}`)).status).toBe(404);
    }
    const limited = await http(at(3), '/api/shares/999990');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(600);
  });
});

describe('rate limits with Redis unreachable', () => {
  let database: TestDatabase;
  let server: TestApp;
  const logs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, {
      env: { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_MISSES: '5', LOG_LEVEL: 'warn' },
      logStream: { write: (line) => void logs.push(line) },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('answers at normal speed and falls back to limits per machine, each process warning once', async () => {
    const created = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'still works' },
    });
    expect(created.status).toBe(201);
    const started = performance.now();
    for (let i = 0; i < 40; i++) {
      expect((await http(server.url, `/api/shares/${created.body.code}`)).status).toBe(200);
    }
    // The old limiter waited for Redis on every request (0.7–1.8 s each).
    expect(performance.now() - started).toBeLessThan(2_000);
    const statuses = [];
    // A new connection each: with several workers, the primary hands them out in turn.
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${server.url}/api/shares/99999${i}`, {
        headers: { connection: 'close' },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
    // Each worker finds Redis gone on its own; none says so more than once.
    const warnings = logs.filter((line) => line.includes('Redis unavailable'));
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings.length).toBeLessThanOrEqual(servingProcesses);
  });
});
