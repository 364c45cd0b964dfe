import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNodeServer } from './processes.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const serverEntry = join(root, 'apps/server/dist/server.js');

// Built in this order: the server imports the contract's compiled output.
const workspaces = [
  { dir: 'packages/contract', entry: join(root, 'packages/contract/dist/index.js') },
  { dir: 'apps/server', entry: serverEntry },
];

function newestSourceMs(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts')) {
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

function builtMs(entry) {
  try {
    return statSync(entry).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Builds the contract and the server when their output is missing or older than their
 * sources (tsc rewrites every output file, so the entry's age stands for the whole build):
 * benchmarking a stale build would measure code that no longer exists.
 */
export function ensureBuilt() {
  const stale = workspaces.some(({ dir, entry }) => {
    const built = builtMs(entry);
    return built === null || newestSourceMs(join(root, dir, 'src')) > built;
  });
  if (!stale) return;
  for (const { dir } of workspaces) {
    console.log(`Building ${dir} …`);
    const result = spawnSync('npm', ['run', 'build', '-w', dir], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`npm run build -w ${dir} failed`);
  }
}

// Variables the server reads (README.md#configuration): a developer's shell must not point the bench at
// another database, store or limit, so the figures always describe the default setup.
const serverVariables =
  /^(PORT|HOST|PUBLIC_URL|DATA_DIR|DATABASE_URL|STORAGE|S3_.*|REDIS_.*|SMTP_URL|MAIL_FROM|RECOVERY_KEY.*|URL_SIGNING_KEY|METRICS_TOKEN|MAX_.*|EXPIRY_CHOICES|CODE_.*|SWEEP_INTERVAL_SECONDS|UNLOCK_MAX_FAILURES|RATE_LIMIT_.*|TRUST_PROXY|ADS_CLIENT_ID|WEB_DIST_DIR|LOG_LEVEL|NODE_ENV|WORKERS|SECRETS_FILE|DOWNLOAD_URL_TRANSFERS|HEALTH_MIN_FREE_BYTES|REQUEST_TIMEOUT_SECONDS|UPLOAD_.*)$/;

/**
 * The real server (SQLite and local blobs under `dataDir`) as shipped: its default log level
 * (an access line per request) and worker count of one, like the bare baselines, so the
 * per-request cost is what is compared. Two settings differ, both named in the report: rate
 * limits are off, and codes go up to eight digits. The create rows make a few hundred
 * thousand shares a minute; at six digits (the default) an instance stops at 50 000 live
 * shares, and the run passes through the four- to seven-digit lengths, filling each to its
 * density target, before it reaches the eighth.
 */
export function startCodeDrop(dataDir, extraEnv = {}) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !serverVariables.test(key)),
  );
  return startNodeServer('CodeDrop', serverEntry, {
    ...env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    RATE_LIMIT_DISABLED: 'true',
    WORKERS: '1',
    CODE_MAX_DIGITS: '8',
    ...extraEnv,
  });
}
