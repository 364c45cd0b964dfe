import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Vitest globalSetup: the suites run the bundled CLI, exactly as it is published. */
export default function buildCli(): void {
  const script = fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}
