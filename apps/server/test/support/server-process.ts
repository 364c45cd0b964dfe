import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

/**
 * Runs the real entry point as its own process, as `npm start` does: its built output,
 * which support/built-server.ts brings up to date before the suites run. `entry` names
 * another file that starts it (support/contract-server.mjs).
 */
export function runServer(env: Record<string, string>, entry = serverEntry): ServerProcess {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const ephemeralFrom = (() => {
  try {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    return Number.isInteger(low) && low > 13_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
})();

/**
 * A port for a server process to listen on, below the kernel's range of ephemeral ports:
 * picked from that range, a port could already be a client socket's (a database or S3
 * connection of a suite running alongside), and the server then failed with EADDRINUSE.
 */
export const freePort = () => String(12_000 + Math.floor(Math.random() * (ephemeralFrom - 12_000)));

/**
 * Waits until GET /healthz answers 200, for a minute at most by the clock, or until
 * `running` says the process is gone. Two workers take far longer to start on a CI machine
 * busy with the other suites than alone.
 */
export async function waitHealthy(base: string, running = () => true): Promise<boolean> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline && running();) {
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

export interface RunningServer extends ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  base: string;
  dataDir: string;
  /** Kills the process (if still running) and removes its DATA_DIR. */
  stop(): Promise<void>;
}

/**
 * The real entry point on a free loopback port with a fresh DATA_DIR and no web app,
 * answering /healthz before this resolves. `env` adds to or overrides those settings.
 */
export async function startServerProcess(env: Record<string, string>): Promise<RunningServer> {
  const port = freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'codedrop-process-'));
  const run = runServer({
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: '/nonexistent',
    ...env,
  });
  const stop = async () => {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await run.exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  if (!(await waitHealthy(base))) {
    await stop();
    throw new Error(`the server did not start:\n${run.output()}`);
  }
  return { ...run, base, dataDir, stop };
}
