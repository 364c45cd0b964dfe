import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The suites' server processes run the server's built output, as `npm start` does
 * (support/server-process.ts): started through tsx, each worker compiled the sources
 * again, and a process of two workers took several times as long to answer. This builds
 * the server (and what it is built from) first when its sources changed since the last
 * build, and does nothing otherwise. Both server projects load it; the build runs
 * synchronously, so the second finds the first's output up to date.
 */
export default function setup(): void {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', 'apps/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('building the server for its test processes failed');
}
