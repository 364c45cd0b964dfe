import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The example operators copy (docs/operations.md#behind-nginx), run here as it is. */
export const exampleConfig = fileURLToPath(
  new URL('../../../../docs/examples/nginx.conf', import.meta.url),
);

export interface NginxOptions {
  dir: string;
  upstreams: [number, number];
  httpsPort: number;
  httpPort: number;
  chainPath: string;
  keyPath: string;
}

export interface RunningNginx {
  /** The access log: one line per request, naming the instance that answered it. */
  accessLog(): string;
  /** Stops at once, dropping every open connection (nginx's fast shutdown), then starts again. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The example with only addresses, ports, certificate paths and the log directory swapped
 * for this run's. Each string must be found, so an edit to the example that moves one of
 * them fails here instead of testing a different file.
 */
export function adaptExample(options: NginxOptions): string {
  const swaps: [string, string][] = [
    ['10.0.0.11:3000', `127.0.0.1:${options.upstreams[0]}`],
    ['10.0.0.12:3000', `127.0.0.1:${options.upstreams[1]}`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${options.httpsPort} ssl http2;`],
    ['listen 80;', `listen 127.0.0.1:${options.httpPort};`],
    ['/etc/nginx/tls/codedrop/fullchain.pem', options.chainPath],
    ['/etc/nginx/tls/codedrop/privkey.pem', options.keyPath],
    ['/var/log/nginx/', `${options.dir}/`],
  ];
  let text = readFileSync(exampleConfig, 'utf8');
  for (const [from, to] of swaps) {
    if (!text.includes(from)) throw new Error(`docs/examples/nginx.conf no longer has "${from}"`);
    text = text.replaceAll(from, to);
  }
  return text;
}

/**
 * nginx in the foreground, as a child of the test, with everything under `dir`. The main
 * file is the test's own (what a distribution's nginx.conf holds: pid, temp paths, one
 * worker so round robin is one sequence); the example is included into its http block.
 */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const { dir } = options;
  const temp = join(dir, 'temp');
  mkdirSync(temp, { recursive: true });
  writeFileSync(join(dir, 'codedrop.conf'), adaptExample(options));
  const tempPaths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(temp, kind)};`)
    .join('\n');
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      tempPaths,
      `  include ${join(dir, 'codedrop.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const run = async () => {
    const args = ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')];
    const child = spawn('nginx', [...args, '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) => (stderr += String(error)));
    await waitForPort(options.httpsPort, child, () => `${stderr}${errorLog(dir)}`);
    return child;
  };
  let child = await run();
  // A worker that ends without its teardown must not leave nginx holding the ports.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  return {
    accessLog: () => readFileSync(join(dir, 'codedrop.access.log'), 'utf8'),
    async restart() {
      await stopChild(child, 'SIGTERM');
      child = await run();
    },
    async stop() {
      process.off('exit', orphaned);
      await stopChild(child, 'SIGQUIT');
    },
  };
}

function errorLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}

async function waitForPort(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not listen: ${output()}`);
}

/** SIGQUIT lets open requests finish (graceful); SIGTERM drops them (fast). */
function stopChild(child: ChildProcess, signal: 'SIGQUIT' | 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}
