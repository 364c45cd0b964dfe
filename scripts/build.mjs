// `npm run build`: every workspace in dependency order, each only when what it is built
// from changed since its last build. `npm start` after `npm test` (as in CI), or a second
// `npm start`, then starts at once instead of rebuilding the same bytes. `--force` builds all.
// Workspaces named as arguments (`node scripts/build.mjs apps/server`) limit it to them and
// what they are built from: the server's test processes run its built output.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const force = process.argv.includes('--force');
const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));

/** In build order; `deps` are the workspaces whose output a workspace's build reads. */
const workspaces = [
  { dir: 'packages/contract', deps: [] },
  { dir: 'packages/crypto', deps: ['packages/contract'] },
  { dir: 'packages/cli', deps: ['packages/contract', 'packages/crypto'] },
  { dir: 'apps/web', deps: ['packages/contract', 'packages/crypto'] },
  { dir: 'apps/server', deps: ['packages/contract', 'packages/crypto'] },
];
/** What every build reads besides its own folder: the toolchain's versions and settings. */
const sharedInputs = ['package-lock.json', 'tsconfig.base.json'];
const skipped = new Set(['node_modules', 'dist', 'test-results', 'coverage', '.vite']);
const stampName = '.build-inputs';

function files(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...files(path));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

/** A digest of a workspace's files (names and bytes), the shared inputs and its deps' digests. */
function digest(dir, depDigests) {
  const hash = createHash('sha256');
  const paths = [...files(join(root, dir)), ...sharedInputs.map((name) => join(root, name))];
  for (const path of paths.sort()) {
    if (!existsSync(path) || !statSync(path).isFile()) continue;
    hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
  }
  for (const dep of depDigests) hash.update(dep);
  return hash.digest('hex');
}

/** The named workspaces and, through their deps, everything they are built from. */
function wantedOf(names) {
  const wanted = new Set();
  const add = (dir) => {
    const workspace = workspaces.find((candidate) => candidate.dir === dir);
    if (workspace === undefined) throw new Error(`build: no workspace ${dir}`);
    if (wanted.has(dir)) return;
    wanted.add(dir);
    workspace.deps.forEach(add);
  };
  names.forEach(add);
  return wanted;
}

const wanted = named.length === 0 ? null : wantedOf(named);
const digests = new Map();
for (const { dir, deps } of workspaces) {
  if (wanted !== null && !wanted.has(dir)) continue;
  const inputs = digest(
    dir,
    deps.map((dep) => digests.get(dep)),
  );
  digests.set(dir, inputs);
  const stamp = join(root, dir, 'dist', stampName);
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === inputs) {
    console.log(`build: ${dir} is up to date`);
    continue;
  }
  console.log(`build: ${dir}`);
  const run = spawnSync('npm', ['run', 'build', '-w', dir], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  // Written only after a build that succeeded, so a failed one is tried again next time.
  writeFileSync(stamp, inputs);
}
