import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Env } from '../../src/config.js';
import type { Clock } from '../../src/domain/clock.js';
import { resolveSecrets } from '../../src/secrets.js';
import type { TestDatabase } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  /** Base URL of the listening server, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

/** Builds the real app on the given database and listens on an ephemeral loopback port. */
export async function startTestApp(
  database: TestDatabase,
  options: { env?: Env; clock?: Clock; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    // The web app is not part of API tests.
    WEB_DIST_DIR: '/nonexistent',
    ...options.env,
  });
  const app = await buildApp({
    config,
    secrets: resolveSecrets(config),
    clock: options.clock,
    logStream: options.logStream,
    autoSweep: false,
    defaultMetrics: false,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, close: () => app.close() };
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
