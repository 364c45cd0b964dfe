import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { rawBurst } from '../support/raw-burst.js';
import { createRequest, textSubmissionHeader } from '../support/requests.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

/** A visitor at `address`, through the proxy the server trusts (TRUST_PROXY=127.0.0.1). */
const from = (address: string) => ({ 'x-forwarded-for': address });

describe.each(testDialects())('reports on a request on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, {
      env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_CREATES: '1000', RATE_LIMIT_MISSES: '1000' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('quarantines a reported request: senders and the asker get 451, its creator cannot delete it', async () => {
    const request = await createRequest(server.url);
    for (const address of ['198.51.100.7', '203.0.113.9', '192.0.2.44']) {
      const reported = await http(server.url, `/api/shares/${request.code}/reports`, {
        method: 'POST',
        json: { reason: 'spam' },
        headers: from(address),
      });
      expect(reported.status).toBe(202);
    }
    const header = await textSubmissionHeader(request.publicKey);
    for (const res of [
      await http(server.url, `/api/requests/${request.code}`),
      await http(server.url, `/api/requests/${request.code}/unlock`, {
        method: 'POST',
        json: { authKey: request.authKey },
      }),
      await http(server.url, `/api/requests/${request.code}/submissions`, {
        method: 'POST',
        json: { header },
      }),
    ]) {
      expect(res.status).toBe(451);
      expect(res.body).toMatchObject({ code: 'SHARE_QUARANTINED' });
    }
    const deleted = await http(server.url, `/api/shares/${request.code}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${request.deleteToken}` },
    });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({ code: 'SHARE_UNDER_REVIEW' });
  });

  it('limits request creations like share creations', async () => {
    const limited = await startTestApp(database, { env: { RATE_LIMIT_CREATES: '2' } });
    try {
      await createRequest(limited.url);
      await createRequest(limited.url);
      await expect(createRequest(limited.url)).rejects.toThrow(/429/);
    } finally {
      await limited.close();
    }
  });
});

describe('request unlock under a burst (postgres)', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // A database a little away: every request of the burst has done its first query before
    // any has done its second, which is exactly when a check-then-count would lose.
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432), { latencyMs: 20 });
    target.host = `127.0.0.1:${proxy.port}`;
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

  it('49 wrong keys and the right one sent last: at most 10 are compared, the right one is not', async () => {
    const request = await createRequest(server.url);
    const path = `/api/requests/${request.code}/unlock`;
    const wrong = () => randomBytes(32).toString('base64');
    const keys = [...Array.from({ length: 49 }, wrong), request.authKey];
    const answers = await rawBurst(
      server.url,
      keys.map((authKey) => ({ method: 'POST', path, body: JSON.stringify({ authKey }) })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(9);
    expect(statuses.at(-1)).not.toBe(200);
    expect(statuses.every((s) => [403, 410, 429].includes(s))).toBe(true);
    const after = await http(server.url, `/api/requests/${request.code}`);
    expect(after.status).toBe(410);
    expect(after.body).toMatchObject({ code: 'SHARE_DESTROYED' });
  });
});
