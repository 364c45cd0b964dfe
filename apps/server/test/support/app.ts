import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Env } from '../../src/config/config.js';
import type { Clock } from '../../src/infra/runtime/clock.js';
import { resolveSecrets } from '../../src/config/secrets.js';
import { TestClock } from './clock.js';
import type { TestDatabase } from './databases.js';
import { freePort, runServer, waitHealthy } from './server-process.js';

const contractServerEntry = fileURLToPath(new URL('./contract-server.mjs', import.meta.url));

export interface TestApp {
  app: FastifyInstance;
  /** Base URL of the listening server, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/**
 * Set by the `server-workers` test project (vitest.workers.config.ts): every contract suite
 * runs again against a real server process with this many workers, as `npm start` runs it.
 */
const processWorkers = Number(process.env.CONTRACT_WORKERS ?? '0');

/** False in the `server-workers` project, where requests are served by another process. */
export const servedInProcess = processWorkers <= 1;

/** How many processes answer a suite's requests: each keeps its own logs and state. */
export const servingProcesses = Math.max(processWorkers, 1);

/**
 * Builds the real app on the given database and listens on an ephemeral loopback port; in
 * the `server-workers` project, starts a real multi-worker process instead (see below).
 */
/** A sink that gets one line per call: a logger may write several lines at once. */
function byLine(sink: { write(line: string): void }): { write(text: string): void } {
  return {
    write: (text) => {
      for (const line of text.split(/(?<=\n)/)) if (line !== '') sink.write(line);
    },
  };
}

export async function startTestApp(
  database: TestDatabase,
  options: { env?: Env; clock?: Clock; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const env: Env = {
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    // The web app is not part of API tests.
    WEB_DIST_DIR: '/nonexistent',
    ...options.env,
  };
  if (processWorkers > 1) return startWorkersApp(env, options);
  const config = loadConfig(env);
  const app = await buildApp({
    config,
    secrets: resolveSecrets(config),
    clock: options.clock,
    logStream: options.logStream && byLine(options.logStream),
    autoSweep: false,
    defaultMetrics: false,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, close: () => app.close() };
}

/**
 * The same configuration served by a real process of `processWorkers` workers
 * (support/contract-server.mjs), which answers every request the suite sends. `app` is a
 * second instance of the app on the same database and data directory that never listens:
 * what a suite reads or runs directly (rows, blobs, a sweep) goes through it, as another
 * instance of a deployment would. A test clock is shared with the workers through a file,
 * and their log lines reach `logStream`.
 */
async function startWorkersApp(
  env: Env,
  options: { clock?: Clock; logStream?: { write(line: string): void } },
): Promise<TestApp> {
  const { clock, logStream } = options;
  let clockFile: string | undefined;
  if (clock !== undefined) {
    if (!(clock instanceof TestClock)) throw new Error('a process run shares only a TestClock');
    clockFile = join(mkdtempSync(join(tmpdir(), 'codedrop-clock-')), 'now');
    clock.shareThrough(clockFile);
  }
  const port = freePort();
  const run = runServer(
    {
      ...(env as Record<string, string>),
      PORT: port,
      HOST: '127.0.0.1',
      WORKERS: String(processWorkers),
      ...(clockFile ? { TEST_CLOCK_FILE: clockFile } : {}),
    },
    contractServerEntry,
  );
  if (logStream) forwardLines(run.child.stdout!, logStream);
  const stop = async () => {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGTERM');
    await run.exited;
    if (clockFile) {
      (clock as TestClock).stopSharing(clockFile);
      rmSync(dirname(clockFile), { recursive: true, force: true });
    }
  };
  const url = `http://127.0.0.1:${port}`;
  if (!(await waitHealthy(url, () => run.child.exitCode === null))) {
    await stop();
    throw new Error(`the server did not start:\n${run.output()}`);
  }
  const config = loadConfig({ ...env, WORKERS: '1' });
  const app = await buildApp({
    config,
    secrets: resolveSecrets(config),
    clock,
    autoSweep: false,
    defaultMetrics: false,
  });
  await app.ready();
  return {
    app,
    url,
    close: async () => {
      const t0 = Date.now();
      await stop();
      console.log('STOP', Date.now() - t0, run.output().slice(-2000));
      await app.close();
    },
  };
}

/** Passes a stream's text on line by line, as pino writes each line to a log stream. */
function forwardLines(stream: Readable, to: { write(line: string): void }): void {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (text: string) => {
    const lines = (rest + text).split('\n');
    rest = lines.pop()!;
    for (const line of lines) to.write(`${line}\n`);
  });
}

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** fetch + JSON, for the contract tests that speak real HTTP. */
export async function http<T = Record<string, unknown>>(
  base: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<JsonResponse<T>> {
  const { json, ...rest } = init;
  const response = await fetch(base + path, {
    ...rest,
    headers: {
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(rest.headers as Record<string, string> | undefined),
    },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (metrics, HTML): leave as text.
  }
  return { status: response.status, headers: response.headers, body: body as T };
}
