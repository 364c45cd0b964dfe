import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { http } from './support/app.js';
import { consoleUnderSignIns } from './support/console-sign-ins.js';
import { absolute, upload } from './support/files.js';

// Timed, so it runs apart (vitest.timing.config.ts): a burst of wrong console sign-ins,
// each a scrypt at the production cost, must not slow file transfers down. When scrypt ran
// on libuv's threadpool, the downloads' disk reads queued behind it.

describe('console sign-ins under load', () => {
  const suite = consoleUnderSignIns({ RATE_LIMIT_DISABLED: 'true' });

  it('keeps 2 MiB downloads fast while twelve wrong sign-ins are checked', async () => {
    const server = suite.server();
    const file = await upload(
      server.url,
      { bytes: randomBytes(2 * 1024 * 1024), name: 'two.bin' },
      { maxDownloads: '100' },
    );
    const download = async () => {
      const grant = await http<{ downloadUrls: { url: string }[] }>(
        server.url,
        `/api/shares/${file.body.code as string}/downloads`,
        { method: 'POST', json: {} },
      );
      expect(grant.status).toBe(200);
      const started = performance.now();
      // A kept-alive socket after a file download would hold app.close() at the end.
      const response = await fetch(absolute(server.url, grant.body.downloadUrls[0]!.url), {
        headers: { connection: 'close' },
      });
      expect((await response.arrayBuffer()).byteLength).toBe(2 * 1024 * 1024);
      return performance.now() - started;
    };
    await download();
    // One check alone, as this machine runs it now: no download may wait that long.
    const checkStarted = performance.now();
    await suite.wrongSignIn('198.51.100.1');
    const oneCheckMs = performance.now() - checkStarted;

    let checking = true;
    const signIns = Promise.all(
      Array.from({ length: 12 }, (_, i) => suite.wrongSignIn(`203.0.113.${i + 1}`)),
    ).finally(() => (checking = false));
    const timings: number[] = [];
    // Within the share's download limit, however long the checks take.
    while (checking && timings.length < 90) timings.push(await download());
    // The checks that got a turn were refused as wrong, the rest told to come back later.
    const statuses = (await signIns).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    expect(timings.length).toBeGreaterThanOrEqual(3);
    // On the pool, the first download waited for seconds, behind every check.
    const sorted = timings.sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.9)]).toBeLessThan(100);
    expect(sorted.at(-1)).toBeLessThan(oneCheckMs);
  }, 60_000);
});
