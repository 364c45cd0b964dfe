import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, http, type TestApp } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { fakeEncryptedShare } from './support/envelopes.js';
import { rawBurst } from './support/raw-burst.js';
import { testRedisUrl } from './support/redis.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

/**
 * Limits that a burst sent at once must not beat: a check followed later by a count lets
 * every request of a burst pass the check. PostgreSQL runs requests truly concurrently (and
 * Redis adds a round trip between check and count), which is where the old code lost.
 */
const setups = [
  ['postgres, in-process limits', {}],
  ['postgres, redis limits, two instances', { REDIS_URL: testRedisUrl }],
] as const;

describe.each(setups)('races (%s)', (name, storeEnv) => {
  let database: TestDatabase;
  let servers: TestApp[];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const env = {
      ...storeEnv,
      REDIS_KEY_PREFIX: `test:${randomBytes(4).toString('hex')}:`,
      RATE_LIMIT_MISSES: '30',
      RATE_LIMIT_CREATES: '1000',
    };
    servers = [await startTestApp(database, { env })];
    if (name.includes('two instances')) servers.push(await startTestApp(database, { env }));
  });
  afterAll(async () => {
    await Promise.all(servers?.map((s) => s.close()) ?? []);
    await database?.drop();
  });

  it('exactly RATE_LIMIT_MISSES misses get through a burst of 400 lookups', async () => {
    const requests = Array.from({ length: 400 }, (_, i) => ({
      method: 'GET',
      // Codes that do not exist (six digits, so never one that was created).
      path: `/api/shares/${String(900_000 + i)}`,
    }));
    // Half the burst to each instance when there are two: the limit is shared.
    const halves = servers.map((server, i) =>
      rawBurst(
        server.url,
        requests.filter((_, j) => j % servers.length === i),
      ),
    );
    const answers = (await Promise.all(halves)).flat();
    const misses = answers.filter((a) => a.status === 404);
    const limited = answers.filter((a) => a.status === 429);
    expect(misses).toHaveLength(30);
    expect(limited).toHaveLength(370);
  });
});

describe('unlock under a burst (postgres)', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // A database 20 ms away: every request of the burst has done its first query before
    // any has done its second, which is exactly when a check-then-count loses.
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432), { latencyMs: 20 });
    target.host = `127.0.0.1:${proxy.port}`;
    // Misses are limited per address, and every request here comes from one: turn that
    // off so only UNLOCK_MAX_FAILURES stands between a burst and the envelope.
    server = await startTestApp(
      { ...database, url: target.toString() },
      { env: { RATE_LIMIT_DISABLED: 'true' } },
    );
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await database?.drop();
  });

  const wrongKey = () => randomBytes(32).toString('base64');

  it('49 wrong keys and the right one sent last: at most 10 are compared, the right one is not', async () => {
    const share = fakeEncryptedShare();
    const created = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: {
        type: 'clipboard',
        encryptedPayload: share.encryptedPayload,
        authVerifier: share.authVerifier,
      },
    });
    expect(created.status).toBe(201);
    const path = `/api/shares/${created.body.code}/unlock`;
    const keys = [...Array.from({ length: 49 }, wrongKey), share.authKey];
    const answers = await rawBurst(
      server.url,
      keys.map((authKey) => ({ method: 'POST', path, body: JSON.stringify({ authKey }) })),
    );
    const statuses = answers.map((a) => a.status);
    // Nine wrong keys are told how many attempts are left, the tenth destroys the share;
    // every other request is refused without its key being compared (429 while attempts
    // are in flight, 410 once the share is destroyed). The old code compared all fifty,
    // so the right key, last in line, still received the envelope.
    expect(statuses.filter((s) => s === 403)).toHaveLength(9);
    expect(statuses.at(-1)).not.toBe(200);
    expect(statuses.every((s) => [403, 410, 429].includes(s))).toBe(true);
    const after = await http(server.url, `/api/shares/${created.body.code}`);
    expect(after.status).toBe(410);
  });
});
