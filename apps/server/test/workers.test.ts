import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from './support/app.js';
import { freePort, runServer, waitHealthy, type ServerProcess } from './support/server-process.js';

// Only the forked workers: tsx also runs an esbuild service as a child of the primary.
const workerPids = (primary: number) =>
  execFileSync('pgrep', ['-P', String(primary), '-f', 'server\\.ts'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);

/** WORKERS=2 as `npm start` runs it: one port, several processes, one behaviour. */
describe('two worker processes', () => {
  let run: ServerProcess;
  let base: string;

  beforeAll(async () => {
    const port = freePort();
    base = `http://127.0.0.1:${port}`;
    run = runServer({
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'codedrop-workers-')),
      WORKERS: '2',
      RATE_LIMIT_MISSES: '4',
      SWEEP_INTERVAL_SECONDS: '1',
    });
    expect(await waitHealthy(base), run.output()).toBe(true);
  }, 30_000);
  afterAll(async () => {
    if (run.child.exitCode === null) run.child.kill('SIGKILL');
  });

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
