import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from './support/app.js';
import { fakeEncryptedShare } from './support/envelopes.js';
import { rawBurst } from './support/raw-burst.js';
import { startServerProcess, waitHealthy, type RunningServer } from './support/server-process.js';

// The primary's children that run the server: its forked workers.
const workerPids = (primary: number) =>
  execFileSync('pgrep', ['-P', String(primary), '-f', 'server\\.js'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);

/** WORKERS=2 as `npm start` runs it: one port, several processes, one behaviour. */
describe('two worker processes', () => {
  let run: RunningServer;
  let base: string;

  beforeAll(async () => {
    run = await startServerProcess({
      WORKERS: '2',
      RATE_LIMIT_MISSES: '4',
      SWEEP_INTERVAL_SECONDS: '1',
    });
    base = run.base;
  }, 30_000);
  afterAll(() => run?.stop());

  it('serves shares created by either worker', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) {
      const res = await http<{ code: string }>(base, '/api/shares', {
        method: 'POST',
        json: { type: 'clipboard', content: `text ${i}` },
      });
      expect(res.status).toBe(201);
      codes.push(res.body.code);
    }
    for (const [i, code] of codes.entries()) {
      const res = await http<{ content: string }>(base, `/api/shares/${code}`);
      expect(res.body.content).toBe(`text ${i}`);
    }
  });

  it('shares one miss limit between the workers, and /metrics counts both', async () => {
    const statuses = [];
    // A new connection per request, so the kernel spreads them over both workers.
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${base}/api/shares/99999${i}`, { headers: { connection: 'close' } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429, 429, 429]);
    const metrics = await http<string>(base, '/metrics');
    expect(metrics.body).toMatch(/codedrop_share_lookups_total\{result="miss"\} 4\b/);
    // The per-request series (kept outside prom-client's own classes) add up too: both
    // workers' 404s are there, and the duration histogram counted every lookup answered.
    expect(metrics.body).toMatch(
      /codedrop_http_requests_total\{method="GET",route="\/api\/shares\/:code",status="404"\} 4\b/,
    );
    const answered = [
      ...metrics.body.matchAll(
        /codedrop_http_requests_total\{method="GET",route="\/api\/shares\/:code",status="\d+"\} (\d+)/g,
      ),
    ].reduce((sum, match) => sum + Number(match[1]), 0);
    expect(answered).toBeGreaterThanOrEqual(8);
    expect(metrics.body).toContain(
      `codedrop_http_request_duration_seconds_count{route="/api/shares/:code"} ${answered}\n`,
    );
  });

  it('runs the sweeper in one worker only', async () => {
    const sweeps = async () => {
      const text = (await http<string>(base, '/metrics')).body;
      return Number(/codedrop_sweeps_total\{result="ok"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    const before = await sweeps();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const ran = (await sweeps()) - before;
    // One sweeper at one run a second; two would make about eight.
    expect(ran).toBeGreaterThanOrEqual(2);
    expect(ran).toBeLessThanOrEqual(5);
  });

  it('replaces a worker that dies', async () => {
    const [first] = workerPids(run.child.pid!);
    process.kill(first!, 'SIGKILL');
    let replaced = false;
    for (let i = 0; i < 100 && !replaced; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const pids = workerPids(run.child.pid!);
      replaced = pids.length === 2 && !pids.includes(first!);
    }
    expect(replaced, `${workerPids(run.child.pid!).join(',')} was ${first} ${run.output()}`).toBe(
      true,
    );
    expect(await waitHealthy(base)).toBe(true);
  });

  it('drains every worker and exits 0 on SIGTERM', async () => {
    const pids = workerPids(run.child.pid!);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});

/**
 * The exact counts hold when the requests of one burst land on different workers. Rate
 * limits are off: the bursts come from one address, and only the counts are under test.
 */
describe('two worker processes under bursts', () => {
  let run: RunningServer;
  let base: string;

  beforeAll(async () => {
    run = await startServerProcess({ WORKERS: '2', RATE_LIMIT_DISABLED: 'true' });
    base = run.base;
  }, 30_000);
  afterAll(() => run?.stop());

  it('creates shares through both workers on one SQLite file without an error', async () => {
    // Each creation counts a length's codes and then inserts: with two processes writing
    // one file, that must take SQLite's write lock first (BEGIN IMMEDIATE), or the insert
    // fails at once with SQLITE_BUSY whenever the other worker wrote in between.
    const statuses: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < 1_500) {
        next++;
        const res = await fetch(`${base}/api/shares`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'clipboard', content: 'from either worker' }),
        });
        await res.arrayBuffer();
        statuses.push(res.status);
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
  }, 60_000);

  it('counts downloads, burns and wrong passwords exactly across workers', async () => {
    // Downloads: 40 grants at once against a limit of 7.
    const form = new FormData();
    form.append('maxDownloads', '7');
    form.append('file', new Blob([new Uint8Array(10)]), 'w.bin');
    const file = await fetch(`${base}/api/files`, { method: 'POST', body: form });
    const { code: fileCode } = (await file.json()) as { code: string };
    const grants = await rawBurst(
      base,
      Array.from({ length: 40 }, () => ({
        method: 'POST',
        path: `/api/shares/${fileCode}/downloads`,
        body: '{}',
      })),
    );
    expect(grants.filter((g) => g.status === 200)).toHaveLength(7);

    // Burn after reading: 20 reads at once, one gets the text.
    const burn = await http<{ code: string }>(base, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'once', burnAfterReading: true },
    });
    const reads = await rawBurst(
      base,
      Array.from({ length: 20 }, () => ({
        method: 'POST',
        path: `/api/shares/${burn.body.code}/read`,
      })),
    );
    expect(reads.filter((r) => r.status === 200)).toHaveLength(1);

    // Wrong passwords: 30 at once; at most UNLOCK_MAX_FAILURES (10) are ever compared.
    const share = fakeEncryptedShare();
    const locked = await http<{ code: string }>(base, '/api/shares', {
      method: 'POST',
      json: {
        type: 'clipboard',
        encryptedPayload: share.encryptedPayload,
        authVerifier: share.authVerifier,
      },
    });
    const guesses = await rawBurst(
      base,
      Array.from({ length: 30 }, () => ({
        method: 'POST',
        path: `/api/shares/${locked.body.code}/unlock`,
        body: JSON.stringify({ authKey: randomBytes(32).toString('base64') }),
      })),
    );
    expect(guesses.filter((g) => g.status === 403).length).toBeLessThanOrEqual(9);
    const right = await http(base, `/api/shares/${locked.body.code}/unlock`, {
      method: 'POST',
      json: { authKey: share.authKey },
    });
    expect([403, 410, 429]).toContain(right.status);
  });
});
