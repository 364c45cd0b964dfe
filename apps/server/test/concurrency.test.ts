import { describe, expect, it } from 'vitest';
import { http } from './support/app.js';
import { testDialects } from './support/databases.js';
import { twoPostgresInstances } from './support/two-instances.js';

/**
 * Several instances on one PostgreSQL must behave like one: thousands of creations at once
 * give no duplicate code and no 5xx, even as the code length grows under them.
 */
describe.runIf(testDialects().includes('postgres'))('two instances on one PostgreSQL', () => {
  const cluster = twoPostgresInstances();

  it('creates 3000 shares concurrently with unique codes and no errors', async () => {
    const servers = cluster.servers();
    const total = 3000;
    const inFlight = 64;
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
    // 1 % of 10 000 four-digit codes is 100. Occupancy is a density target counted per
    // instance, so concurrent instances may overshoot it by what is in flight, not more.
    const fourDigit = codes.filter((c) => c.length === 4).length;
    expect(fourDigit).toBeGreaterThanOrEqual(100);
    expect(fourDigit).toBeLessThanOrEqual(100 + inFlight * servers.length);
    expect(codes.filter((c) => c.length === 5).length).toBeGreaterThan(0);
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
