// The web app built with React's development build, into a directory of its own, and
// prerendered as the product build is: React reports a hydration mismatch in detail only in
// development, and the e2e suite (e2e/hydration.spec.ts) serves this build to check every
// page's console. `node scripts/build-development.mjs [outDir]`; never served to visitors.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = process.argv[2] ?? join(webRoot, 'node_modules/.cache/codedrop-development-dist');
// A few languages, left to right and right to left, are enough to check for React's warnings.
const env = {
  ...process.env,
  NODE_ENV: 'development',
  WEB_DIST: outDir,
  PRERENDER_LOCALES: 'en,ar,de,ja,pt-BR',
};

function run(command, args) {
  const { status } = spawnSync(command, args, { cwd: webRoot, env, stdio: 'inherit' });
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${status})`);
}

const vite = join(webRoot, '../../node_modules/vite/bin/vite.js');
run(process.execPath, [
  vite,
  'build',
  '--mode',
  'development',
  '--manifest',
  '--outDir',
  outDir,
  '--emptyOutDir',
  '--logLevel',
  'warn',
]);
run(process.execPath, ['scripts/prerender.mjs']);
console.log(`development build in ${outDir}`);
