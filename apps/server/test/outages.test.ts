import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestApp, type TestApp } from './support/app.js';
import { adminUrl, createTestDatabase, type TestDatabase } from './support/databases.js';
import { startServerProcess, type RunningServer } from './support/server-process.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates a share and reads it back; the statuses seen, whatever they are. */
async function roundTrip(base: string): Promise<number[]> {
  const created = await http<{ code: string }>(base, '/api/shares', {
    method: 'POST',
    json: { type: 'clipboard', content: 'still here?' },
  }).catch(() => ({ status: 0, body: { code: '' } }));
  if (created.status !== 201) return [created.status];
  const read = await fetch(`${base}/api/shares/${created.body.code}`).then(
    (r) => r.status,
    () => 0,
  );
  return [created.status, read];
}

describe('PostgreSQL restarts under load', () => {
  let database: TestDatabase;
  let server: RunningServer;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    server = await startServerProcess({
      WORKERS: '1',
      DATABASE_URL: database.url,
      RATE_LIMIT_DISABLED: 'true',
    });
    base = server.base;
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('survives its connections being terminated mid-query, and serves again within 2 s', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const name = new URL(database.url).pathname.slice(1);
    const statuses = new Set<number>();
    let loading = true;
    const load = Array.from({ length: 6 }, async () => {
      while (loading) for (const status of await roundTrip(base)) statuses.add(status);
    });
    try {
      // What a restart or failover does to every session: SQLSTATE 57P01 on each.
      for (let i = 0; i < 10; i++) {
        await sleep(150);
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
      }
    } finally {
      loading = false;
      await Promise.all(load);
      await admin.end();
    }
    expect(server.child.exitCode, server.output()).toBeNull();
    expect([...statuses].filter((s) => s !== 200 && s !== 201 && s !== 503)).toEqual([]);
    const back = Date.now();
    let ok = false;
    while (!ok && Date.now() - back < 2_000) ok = (await roundTrip(base)).every((s) => s < 300);
    expect(ok).toBe(true);
  }, 30_000);
});

describe('PostgreSQL refusing connections', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: TestApp;
  const logs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    server = await startTestApp(
      { ...database, url: viaProxy.toString() },
      {
        env: { RATE_LIMIT_DISABLED: 'true', LOG_LEVEL: 'warn' },
        logStream: { write: (line) => logs.push(line) },
      },
    );
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 with Retry-After for 10 s, never 500, and 2xx once it is back', async () => {
    expect(await roundTrip(server.url)).toEqual([201, 200]);
    proxy.mode('refuse');
    proxy.cut();
    const until = Date.now() + 10_000;
    const seen: Array<{ status: number; retryAfter: string | null }> = [];
    while (Date.now() < until) {
      const res = await fetch(`${server.url}/api/shares`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'clipboard', content: 'x' }),
      });
      seen.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
      const lookup = await fetch(`${server.url}/api/shares/123456`);
      seen.push({ status: lookup.status, retryAfter: lookup.headers.get('retry-after') });
      await sleep(200);
    }
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter((s) => s.status !== 503 || s.retryAfter === null)).toEqual([]);
    // One warning per kind of failure, not a line (or a stack trace) per refused request.
    const warnings = logs.filter((line) => line.includes('dependency unavailable'));
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.length).toBeLessThanOrEqual(3);
    expect(logs.filter((line) => line.includes('"stack"'))).toEqual([]);
    const metrics = await http<string>(server.url, '/metrics');
    expect(metrics.body).toMatch(/codedrop_unavailable_total\{dependency="database"\} \d+/);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    proxy.mode('forward');
    let back = await roundTrip(server.url);
    for (let i = 0; i < 30 && back[0] !== 201; i++) {
      await sleep(200);
      back = await roundTrip(server.url);
    }
    expect(back).toEqual([201, 200]);
  }, 30_000);
});

describe('a frozen network to PostgreSQL', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    server = await startTestApp(
      { ...database, url: viaProxy.toString() },
      { env: { RATE_LIMIT_DISABLED: 'true' } },
    );
  });
  afterAll(async () => {
    proxy?.mode('forward');
    await server?.close();
    await proxy?.close();
    await database?.drop();
  });

  /** Status, Retry-After and how long the answer took; status 0 if none came in 15 s. */
  async function timed(path: string, init: RequestInit = {}) {
    const started = Date.now();
    const res = await fetch(`${server.url}${path}`, {
      ...init,
      signal: AbortSignal.timeout(15_000),
    }).catch(() => null);
    await res?.arrayBuffer();
    return {
      status: res?.status ?? 0,
      retryAfter: res?.headers.get('retry-after') !== null && res !== null,
      ms: Date.now() - started,
    };
  }

  it('answers 503 within a few seconds and /healthz within 2 s, then serves again', async () => {
    // Every pooled connection has been used, so the freeze catches open ones too.
    await Promise.all(Array.from({ length: 10 }, () => roundTrip(server.url)));
    proxy.mode('freeze');
    // More lookups at once than the pool has connections, and a creation.
    const answers = await Promise.all([
      ...Array.from({ length: 14 }, (_, i) => timed(`/api/shares/${100_000 + i}`)),
      timed('/api/shares', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'clipboard', content: 'x' }),
      }),
    ]);
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 503, retryAfter: true });
      expect(answer.ms).toBeLessThan(7_000);
    }
    const health = await timed('/healthz');
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(2_000);
    proxy.mode('forward');
    const back = Date.now();
    let ok = false;
    while (!ok && Date.now() - back < 5_000)
      ok = (await roundTrip(server.url)).every((s) => s < 300);
    expect(ok).toBe(true);
    await sleep(1_600); // past the health answer's cache
    expect((await timed('/healthz')).status).toBe(200);
  }, 60_000);
});

describe('PostgreSQL closed to new connections', () => {
  let database: TestDatabase;
  let server: TestApp;
  let admin: pg.Client;
  let name: string;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    name = new URL(database.url).pathname.slice(1);
    server = await startTestApp(database, { env: { RATE_LIMIT_DISABLED: 'true' } });
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await server?.close();
    await admin?.query(`alter database ${name}_moved rename to ${name}`).catch(() => undefined);
    await admin?.query(`alter database ${name} allow_connections true`).catch(() => undefined);
    await admin?.end();
    await database?.drop();
  });

  /** A creation, a lookup and /healthz, each of which must be 503 with Retry-After. */
  async function expectUnavailable(): Promise<void> {
    await sleep(1_600); // past the health answer's cache
    const answers = await Promise.all([
      fetch(`${server.url}/api/shares`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'clipboard', content: 'x' }),
      }),
      fetch(`${server.url}/api/shares/123456`),
      fetch(`${server.url}/healthz`),
    ]);
    expect(answers.map((a) => [a.status, a.headers.get('retry-after') !== null])).toEqual([
      [503, true],
      [503, true],
      [503, true],
    ]);
    expect(await answers[0]!.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  }

  it('answers 503 whatever PostgreSQL says at connect (55000, 3D000), and serves again after', async () => {
    expect(await roundTrip(server.url)).toEqual([201, 200]);
    const terminate = () =>
      admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
    // The maintenance switch: every new session is refused with SQLSTATE 55000.
    await admin.query(`alter database ${name} allow_connections false`);
    await terminate();
    await roundTrip(server.url); // the pool finds out its sessions are gone
    await expectUnavailable();
    // The database gone from under the pool (renamed here): SQLSTATE 3D000 at connect.
    await terminate();
    await admin.query(`alter database ${name} rename to ${name}_moved`);
    await expectUnavailable();
    await admin.query(`alter database ${name}_moved rename to ${name}`);
    await admin.query(`alter database ${name} allow_connections true`);
    let back = await roundTrip(server.url);
    for (let i = 0; i < 20 && back[0] !== 201; i++) {
      await sleep(200);
      back = await roundTrip(server.url);
    }
    expect(back).toEqual([201, 200]);
  }, 30_000);
});

describe('a full disk on SQLite', () => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, { env: { RATE_LIMIT_DISABLED: 'true' } });
  });
  afterEach(async () => {
    await sql`pragma max_page_count = 1073741823`.execute(server.app.db.kysely);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('answers 503 to writes and on /healthz, and recovers when there is room again', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // No page beyond those the file has: the next write that needs one fails SQLITE_FULL.
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(
      server.app.db.kysely,
    );
    await sql.raw(`pragma max_page_count = ${rows[0]!.page_count}`).execute(server.app.db.kysely);
    const big = 'x'.repeat(90_000);
    const res = await http(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: big },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).not.toBeNull();
    expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await sleep(1_600); // past the health answer's cache
    const health = await http<{ checks: Record<string, string> }>(server.url, '/healthz');
    expect(health.status).toBe(503);
    expect(health.body.checks.database).toBe('unavailable');
    await sql`pragma max_page_count = 1073741823`.execute(server.app.db.kysely);
    await sleep(1_600);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(
      (
        await http(server.url, '/api/shares', {
          method: 'POST',
          json: { type: 'clipboard', content: big },
        })
      ).status,
    ).toBe(201);
  });
});
