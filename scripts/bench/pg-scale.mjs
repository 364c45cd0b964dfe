// Figures for docs/operations.md#scaling-out, measured on this machine: bytes per live
// share on PostgreSQL and SQLite, the code space at 1 M and 10 M live shares, the real
// sweeper's time on PostgreSQL, and Redis per rate-limit counter.
//
//   node scripts/bench/pg-scale.mjs [--rows=200000] [--expired=100000] [--expired-files=20000]
//     [--no-redis]   (Redis needs `redis-server` on the PATH; one is started on a free port)
//
// PostgreSQL: PG_SCALE_ADMIN_URL (postgres://postgres@127.0.0.1:5432/postgres) creates a
// database of its own and drops it at the end; nothing else on the server is touched.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { codeSpace } from './code-space.mjs';
import { ensureBuilt } from './codedrop-server.mjs';
import { redisFigures } from './scale-redis.mjs';
import {
  blobKeys,
  clonePostgres,
  cloneSqlite,
  perRow,
  postgresSizes,
  printRows,
  randomCodes,
  sqliteSizes,
} from './scale-rows.mjs';

const option = (name, fallback) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? fallback : Number(arg.slice(name.length + 3));
};
const rows = option('rows', 200_000);
const expired = option('expired', 100_000);
const expiredFiles = option('expired-files', 20_000);
const adminUrl = process.env.PG_SCALE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dist = new URL('../../apps/server/dist/', import.meta.url);
const startedAt = Date.now();

/** The real app, as a worker builds it, on `database`; its sweeper is run by hand. */
async function startApp(dataDir, databaseUrl) {
  const { buildApp } = await import(new URL('app.js', dist));
  const { loadConfig } = await import(new URL('config/config.js', dist));
  const { resolveSecrets } = await import(new URL('config/secrets.js', dist));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    RATE_LIMIT_DISABLED: 'true',
    CODE_MAX_DIGITS: '9',
  });
  const app = await buildApp({
    config,
    secrets: resolveSecrets(config),
    autoSweep: false,
    defaultMetrics: false,
  });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

/** A 40-character text share and a one-file share, made through the API (24 h, the default). */
async function templateShares(url) {
  const text = await fetch(`${url}/api/shares`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'clipboard',
      content: 'git clone https://example.org/repo.git x',
    }),
  });
  const form = new FormData();
  form.append('maxDownloads', '10');
  form.append('file', new Blob([randomBytes(1024)], { type: 'application/pdf' }), 'report.pdf');
  const file = await fetch(`${url}/api/files`, { method: 'POST', body: form });
  if (text.status !== 201 || file.status !== 201) {
    throw new Error(`template shares: ${text.status} ${file.status}`);
  }
  return { text: (await text.json()).code, file: (await file.json()).code };
}

const firstKey = (files) => JSON.parse(files)[0].key;

/** A cloned row is a share the server answers like any other. */
async function assertServed(url, code, type) {
  const response = await fetch(`${url}/api/shares/${code}`);
  const body = await response.json();
  if (response.status !== 200 || body.type !== type) {
    throw new Error(`GET /api/shares/${code}: ${response.status} ${JSON.stringify(body)}`);
  }
}

/** Seconds the real sweeper (app.sweeper.runOnce) takes over `count` due rows. */
async function timedSweep(app, client, count, blobs) {
  await client.query('analyze shares');
  const started = process.hrtime.bigint();
  const result = await app.sweeper.runOnce();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.rows !== count || result.blobs !== blobs) {
    throw new Error(`the sweep reclaimed ${result.rows} rows and ${result.blobs} blobs`);
  }
  return { rows: count, seconds, usPerRow: Math.round((seconds * 1e6) / count) };
}

/**
 * `expired` text shares, then `expiredFiles` file shares with a real one-byte blob each on
 * local disk, all due, among the live rows; the sweeper's time for each backlog.
 */
async function sweepFigures(app, client, templates, key, dataDir) {
  await clonePostgres(client, templates.text, randomCodes(expired), { expired: true });
  const text = await timedSweep(app, client, expired, 0);
  // What the deletes leave to autovacuum: one VACUUM of the whole table and its indexes.
  const vacuumStarted = process.hrtime.bigint();
  await client.query('vacuum shares');
  text.vacuumSeconds = Number(process.hrtime.bigint() - vacuumStarted) / 1e9;
  const size = await client.query(`select pg_total_relation_size('shares')::bigint as bytes`);
  text.tableBytes = Number(size.rows[0].bytes);
  const keys = blobKeys(expiredFiles);
  const blobDir = join(dataDir, 'blobs');
  for (const blob of keys) writeFileSync(join(blobDir, blob), 'x', { mode: 0o600 });
  const codes = randomCodes(expiredFiles);
  await clonePostgres(client, templates.file, codes, { keys, templateKey: key, expired: true });
  const files = await timedSweep(app, client, expiredFiles, expiredFiles);
  if (keys.some((blob) => existsSync(join(blobDir, blob)))) throw new Error('a blob survived');
  return { text, files };
}

async function postgresFigures() {
  const name = `codedrop_scale_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'codedrop-pg-scale-'));
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  let app;
  try {
    const started = await startApp(dataDir, dbUrl.toString());
    app = started.app;
    const templates = await templateShares(started.url);
    await client.connect();
    const template = await client.query('select files from shares where code = $1', [
      templates.file,
    ]);
    const key = firstKey(template.rows[0].files);
    const empty = await postgresSizes(client);
    const textCodes = randomCodes(rows);
    await clonePostgres(client, templates.text, textCodes);
    const withText = await postgresSizes(client);
    const fileCodes = randomCodes(rows);
    await clonePostgres(client, templates.file, fileCodes, {
      keys: blobKeys(rows),
      templateKey: key,
    });
    const withFiles = await postgresSizes(client);
    await assertServed(started.url, textCodes.at(-1), 'clipboard');
    await assertServed(started.url, fileCodes.at(-1), 'file');
    return {
      text: perRow(empty, withText, rows),
      file: perRow(withText, withFiles, rows),
      sweep: await sweepFigures(app, client, templates, key, dataDir),
    };
  } finally {
    await app?.close();
    await client.end().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function sqliteFigures() {
  const dataDir = mkdtempSync(join(tmpdir(), 'codedrop-sqlite-scale-'));
  const file = join(dataDir, 'codedrop.db');
  try {
    const { app, url } = await startApp(dataDir, `sqlite:${file}`);
    let templates;
    try {
      templates = await templateShares(url);
    } finally {
      await app.close();
    }
    const db = new Database(file);
    try {
      const key = firstKey(
        db.prepare('select files from shares where code = ?').get(templates.file).files,
      );
      const empty = sqliteSizes(db);
      cloneSqlite(db, templates.text, randomCodes(rows));
      const withText = sqliteSizes(db);
      cloneSqlite(db, templates.file, randomCodes(rows), {
        keys: blobKeys(rows),
        templateKey: key,
      });
      const withFiles = sqliteSizes(db);
      return { text: perRow(empty, withText, rows), file: perRow(withText, withFiles, rows) };
    } finally {
      db.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

ensureBuilt();
const postgres = await postgresFigures();
printRows('PostgreSQL', postgres);
for (const [kind, s] of Object.entries(postgres.sweep)) {
  const perSecond = Math.round(s.rows / s.seconds);
  console.log(
    `PostgreSQL sweep, ${kind}: ${s.rows} rows in ${s.seconds.toFixed(2)} s ` +
      `(${s.usPerRow} µs/row, ${perSecond} rows/s; 10 M a day is 116/s)`,
  );
  if (s.vacuumSeconds !== undefined) {
    console.log(
      `PostgreSQL VACUUM after it: ${s.vacuumSeconds.toFixed(2)} s (shares with its indexes ${mib(s.tableBytes)})`,
    );
  }
}
printRows('SQLite', await sqliteFigures());
for (const live of [1e6, 1e7]) {
  const c = codeSpace(live);
  console.log(
    `${live / 1e6} M live shares: ${c.longest} digits (${c.shorter} on shorter codes, ` +
      `${c.atLongest} at ${c.longest} digits, ${(c.density * 100).toFixed(2)} % of that length)`,
  );
}
if (process.argv.includes('--no-redis')) console.log('Redis: skipped');
else {
  const r = await redisFigures();
  console.log(
    `Redis: ${r.bytesPerCounter} B per counter (TTL ${r.counterTtlSeconds} s); a hit's ` +
      `consume + refund p50 ${r.hitPairP50Us} µs, p99 ${r.hitPairP99Us} µs`,
  );
}
console.log(
  `rows ${rows}, expired ${expired} + ${expiredFiles} files; ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
);
