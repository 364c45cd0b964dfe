import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@codedrop/contract';
import { startTestApp, http, type TestApp } from './support/app.js';
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
