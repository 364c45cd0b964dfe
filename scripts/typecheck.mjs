// `npm run typecheck`: tsc --noEmit for every workspace, two at a time (tsc uses one core,
// and CI machines have two), printing each one's errors after it finishes.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const workspaces = [
  'apps/web',
  'apps/server',
  'packages/cli',
  'packages/crypto',
  'packages/contract',
];
const concurrency = 2;

function check(dir) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [tsc, '-p', join(root, dir, 'tsconfig.json'), '--noEmit'],
      {
        cwd: join(root, dir),
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      console.log(`typecheck: ${dir} ${code === 0 ? 'ok' : 'FAILED'}`);
      if (output.trim() !== '') console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...workspaces];
const results = await Promise.all(
  Array.from({ length: concurrency }, async () => {
    let ok = true;
    for (let dir = queue.shift(); dir !== undefined; dir = queue.shift())
      ok = (await check(dir)) && ok;
    return ok;
  }),
);
if (results.includes(false)) process.exit(1);
