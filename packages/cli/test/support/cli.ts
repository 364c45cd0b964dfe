import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const cliPath = fileURLToPath(new URL('../../dist/codedrop.mjs', import.meta.url));

export interface CliResult {
  status: number | null;
  stdout: Buffer;
  stderr: string;
}

export interface CliRun {
  server: string;
  /** Written to stdin, which is then closed; without it stdin is closed at once. */
  input?: string | Buffer;
  cwd?: string;
  env?: Record<string, string>;
}

/** Runs the bundled CLI as a user would, with pipes (not a terminal) for its streams. */
export function runCli(args: string[], run: CliRun): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd: run.cwd,
      env: { ...process.env, CODEDROP_URL: run.server, ...run.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout: Buffer.concat(stdout), stderr }));
    child.stdin.on('error', () => undefined); // the CLI may exit before reading it all
    child.stdin.end(run.input ?? '');
  });
}

/** The result's stdout as JSON, failing with its stderr when the command failed. */
export function jsonOf<T>(result: CliResult): T {
  if (result.status !== 0) throw new Error(`exit ${result.status}: ${result.stderr}`);
  return JSON.parse(result.stdout.toString('utf8')) as T;
}

export interface SendJson {
  code: string;
  link: string;
  deleteToken: string;
  expiresAt: string;
  files?: { name: string; size: number }[];
}
