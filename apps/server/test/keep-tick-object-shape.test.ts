import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const probe = fileURLToPath(new URL('./support/tick-shape-probe.ts', import.meta.url));

describe('the kept nextTick entry', () => {
  it('keeps the map every later tick is built with, through optimisation and full collections', () => {
    const run = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--expose-gc', '--conditions=source', '--import', 'tsx', probe],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual({
      kept: true,
      sameMap: true,
    });
  });
});
