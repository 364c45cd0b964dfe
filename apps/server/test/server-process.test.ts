import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, runServer, waitHealthy } from './support/server-process.js';

describe('server process', () => {
  it('refuses to start with bad configuration, naming every bad variable', async () => {
    const run = runServer({ PORT: 'x', STORAGE: 'ftp', CODE_MAX_DENSITY: '9' });
    expect(await run.exited).toBe(1);
    for (const name of ['PORT', 'STORAGE', 'CODE_MAX_DENSITY'])
      expect(run.output()).toContain(name);
  });

  it('serves, then shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'codedrop-proc-'));
    const port = freePort();
    const run = runServer({ PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, WORKERS: '1' });
    expect(await waitHealthy(`http://127.0.0.1:${port}`), run.output()).toBe(true);
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
