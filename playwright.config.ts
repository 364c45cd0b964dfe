import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './scripts/chromium.mjs';

// The e2e suite drives the built app on the real server, on SQLite in a throwaway DATA_DIR.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'codedrop-e2e-'));

// Each run writes to its own results folder (workers inherit the id from the main process),
// so two runs on one machine never delete each other's traces.
process.env.PW_RUN_ID ??= String(process.pid);

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: chromiumPath,
    args: chromiumFlags,
  },
};

export default defineConfig({
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  outputDir: `test-results/run-${process.env.PW_RUN_ID}`,
  // Recording a trace of every test costs CI about a tenth of its browser time; there a
  // failure keeps its screenshot and error context, and a local run keeps the trace.
  use: {
    baseURL,
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The service worker answers pages and assets itself, and requests it answers never
    // reach page.route: only the spec about it (installable.spec.ts) lets it run.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'web', testDir: 'apps/web/e2e', use: chromium },
    { name: 'crypto-browser', testDir: 'packages/crypto/test-browser', use: chromium },
    // Two instances behind nginx over HTTPS (docs/examples/nginx.conf): one worker runs the
    // whole suite, so its specs share one stack (apps/web/e2e-proxy/support/fixtures.ts).
    { name: 'proxy', testDir: 'apps/web/e2e-proxy', use: chromium, workers: 1 },
  ],
  webServer: {
    command: 'node apps/server/dist/server.js',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // One process: the browsers need the machine's cores more than the server does
      // (workers.test.ts and CI's npm start check cover WORKERS > 1).
      WORKERS: '1',
      // Every e2e request comes from 127.0.0.1: lift the per-address limits for the suite
      // (one spec sets its own low limits on a server it starts itself).
      RATE_LIMIT_CREATES: '100000',
      RATE_LIMIT_MISSES: '100000',
    },
  },
});
