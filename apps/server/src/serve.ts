import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { workerRole } from './cluster/messages.js';
import { runPrimary } from './cluster/primary.js';
import { ConfigError, loadConfig } from './config/config.js';
import type { Clock } from './infra/runtime/clock.js';
import { drainRequests } from './drain.js';
import { resolveSecrets } from './config/secrets.js';
import { shutDown } from './shutdown.js';

export interface ServeOptions {
  /** The system clock unless given: the contract suite's process runs pass one it moves. */
  clock?: Clock;
  /** Whether the sweeper runs on its timer here; the contract suites run it by hand. */
  sweep?: boolean;
}

/**
 * Starts the app and nothing else: listen, then drain and close on SIGTERM/SIGINT. With
 * WORKERS above 1 this process becomes the primary of that many workers, each of which runs
 * the same entry file (cluster forks `process.argv[1]`) and so calls this again.
 */
export async function serve(options: ServeOptions = {}): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config);
  const role = workerRole(process.env);
  const app = await buildApp({
    config,
    secrets: resolveSecrets(config),
    clock: options.clock,
    autoSweep: (options.sweep ?? true) && (role === null || role.sweeper),
    clusterMetrics: role !== null,
  });
  const drain = drainRequests(app.server);
  const drainMs = config.shutdownDrainSeconds * 1000;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing the requests received');
    // Should closing itself hang (a dependency that never answers), the process still ends.
    setTimeout(() => process.exit(1), drainMs + 10_000).unref();
    shutDown(app, drain, drainMs).then(
      (forced) => process.exit(forced ? 1 : 0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}
