import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCodesOfLength } from '../src/modules/shares/codes/code-counts.repository.js';
import { http, startTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { twoPostgresInstances } from './support/two-instances.js';

/**
 * Several instances on one PostgreSQL must behave like one: thousands of creations at once
 * give no duplicate code and no 5xx, even as the code length grows under them.
 */
describe('two instances on one PostgreSQL', () => {
  const cluster = twoPostgresInstances();

  it('creates 3000 shares concurrently with unique codes and no errors', async () => {
    const servers = cluster.servers();
    const total = 3000;
    const inFlight = 100;
    const codes: string[] = [];
    const failures: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < total) {
        const i = next++;
        const server = servers[i % servers.length]!;
        const res = await http<{ code: string }>(server.url, '/api/shares', {
          method: 'POST',
          json: { type: 'clipboard', content: `share ${i}` },
        });
        if (res.status === 201) codes.push(res.body.code);
        else failures.push(res.status);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
    expect(failures).toEqual([]);
    expect(codes).toHaveLength(total);
    expect(new Set(codes).size).toBe(total);
    // 1 % of 10 000 four-digit codes is 100, of 100 000 five-digit codes 1 000. Both
    // instances count under one lock per length, so 200 creations in flight cannot push a
    // length past its target (the old per-instance cache handed out 328 four-digit codes).
    const ofLength = (n: number) => codes.filter((c) => c.length === n).length;
    expect(ofLength(4)).toBeGreaterThanOrEqual(90);
    expect(ofLength(4)).toBeLessThanOrEqual(100);
    expect(ofLength(5)).toBeGreaterThanOrEqual(900);
    expect(ofLength(5)).toBeLessThanOrEqual(1000);
    expect(ofLength(6)).toBe(total - ofLength(4) - ofLength(5));
    // The counters the triggers keep (migration 0009) stayed exact under the burst.
    const db = servers[0]!.app.db.kysely;
    for (const length of [4, 5, 6]) {
      expect(await countCodesOfLength(db, length)).toBe(ofLength(length));
    }
  }, 120_000);

  it('both instances read what either created', async () => {
    const servers = cluster.servers();
    const created = await http<{ code: string }>(servers[0]!.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'cross-instance' },
    });
    const got = await http<{ content: string }>(
      servers[1]!.url,
      `/api/shares/${created.body.code}`,
    );
    expect(got.status).toBe(200);
    expect(got.body.content).toBe('cross-instance');
  });
});

describe.each(testDialects())('a full code space on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, {
      env: {
        RATE_LIMIT_DISABLED: 'true',
        CODE_MAX_DIGITS: '4',
        CODE_MAX_DENSITY: '0.01',
        CODE_HARD_DENSITY: '0.02',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('past CODE_HARD_DENSITY of the longest length, refuses new shares with 503 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await http(server.url, '/api/shares', {
        method: 'POST',
        json: { type: 'clipboard', content: `share ${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await http(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'one too many' },
    });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
