import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The built CLI (packages/cli), run against the suite's server: the specs that check the
// CLI and the web app open each other's shares and requests.
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const cliPath = join(repoRoot, 'packages/cli/dist/codedrop.mjs');

/** `npm run build` builds the CLI; a run of one spec alone builds it if it is missing. */
export function ensureCliBuilt(): void {
  if (!existsSync(cliPath)) {
    execFileSync(process.execPath, [join(repoRoot, 'packages/cli/scripts/build.mjs')]);
  }
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `codedrop ARGS` with CODEDROP_URL set to `server`, `input` on its stdin. */
export function codedrop(args: string[], server: string, input = ''): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      env: { ...process.env, CODEDROP_URL: server },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}
