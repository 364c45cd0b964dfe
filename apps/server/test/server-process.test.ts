import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

/** Runs the real entry point (TypeScript via tsx) as its own process. */
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe('server process', () => {
  it('refuses to start with bad configuration, naming every bad variable', async () => {
    const run = runServer({ PORT: 'x', STORAGE: 'ftp', CODE_MAX_DENSITY: '9' });
    expect(await run.exited).toBe(1);
    for (const name of ['PORT', 'STORAGE', 'CODE_MAX_DENSITY'])
      expect(run.output()).toContain(name);
  });

  it('serves, then shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'codedrop-proc-'));
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const run = runServer({ PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir });
    let healthy = false;
    for (let i = 0; i < 100 && !healthy; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
    }
    expect(healthy, run.output()).toBe(true);
    const created = await fetch(`http://127.0.0.1:${port}/api/shares`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'clipboard', content: 'from a real process' }),
    });
    expect(created.status).toBe(201);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });
});
