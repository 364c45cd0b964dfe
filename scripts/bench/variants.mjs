// Reported without a bar: the read and create figures with every core (WORKERS at its
// default) against the bare route on as many processes, and on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { compareThroughput, getRequest, postJson } from './api-throughput.mjs';
import { startBareFastify } from './baselines.mjs';
import { startCodeDrop } from './codedrop-server.mjs';

const timing = { warmupSeconds: 1, seconds: 2, rounds: 1 };
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function readAndCreate(codedrop, bare, shortText) {
  const created = await fetch(`${codedrop.origin}/api/shares`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(shortText),
  });
  const { code } = await created.json();
  const rows = {};
  for (const [name, request] of [
    ['read', (origin) => ({ ...getRequest(`${origin}/api/shares/${code}`), connections: 50 })],
    ['create', (origin) => ({ ...postJson(`${origin}/api/shares`, shortText), connections: 20 })],
  ]) {
    rows[name] = await compareThroughput(request(codedrop.origin), request(bare.origin), timing);
  }
  return rows;
}

async function viewsFor(codedrop, shortText) {
  const created = await fetch(`${codedrop.origin}/api/shares`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(shortText),
  });
  const { code } = await created.json();
  const view = await (await fetch(`${codedrop.origin}/api/shares/${code}`)).json();
  return { [code]: view };
}

/** CodeDrop with its default WORKERS against the bare route with as many processes. */
export async function everyCore(dataDir, start, shortText) {
  const workers = availableParallelism();
  const codedrop = await start(startCodeDrop(dataDir, { WORKERS: String(workers) }));
  try {
    const bare = await start(startBareFastify(await viewsFor(codedrop, shortText), {}, workers));
    try {
      return { workers, ...(await readAndCreate(codedrop, bare, shortText)) };
    } finally {
      await bare.stop();
    }
  } finally {
    await codedrop.stop();
  }
}

/**
 * Fills the code lengths below the longest to their density target (CODE_MAX_DENSITY 0.01:
 * 100 codes of four digits, 1 000 of five), as on an instance that has been in use. Until
 * then every creation takes the allocator's locked path (a transaction under an advisory
 * lock, one at a time), about 230 a second on this machine; a fresh instance leaves it after
 * its first 1 100 shares. The row reports the common case: one statement at the longest
 * length. Rows seeded straight into the table; its triggers keep the counts.
 */
async function fillShortCodes(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const [digits, count] of [
      [4, 100],
      [5, 1_000],
    ]) {
      await client.query(
        `insert into shares (code, type, content, is_encrypted, failed_unlocks, created_at,
           expires_at, reclaim_after, gone, download_count, burn_after_reading, delete_token_hash)
         select (${10 ** (digits - 1)} + g)::text, 'clipboard', 'a seeded share', false, 0,
           now() - interval '2 minutes', now() + interval '1 day', now() + interval '1 day',
           false, 0, false, 'seeded'
         from generate_series(0, ${count - 1}) g
         on conflict do nothing`,
      );
    }
  } finally {
    await client.end();
  }
}

/** One CodeDrop process on a fresh PostgreSQL database, against the bare route. */
export async function onPostgres(dataDir, start, shortText) {
  const name = `codedrop_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    // Six-digit codes, the default: this row makes too few shares to run out of them.
    const codedrop = await start(
      startCodeDrop(dataDir, { DATABASE_URL: url.toString(), CODE_MAX_DIGITS: '6' }),
    );
    try {
      await fillShortCodes(url.toString());
      const bare = await start(startBareFastify(await viewsFor(codedrop, shortText), {}));
      try {
        return await readAndCreate(codedrop, bare, shortText);
      } finally {
        await bare.stop();
      }
    } finally {
      await codedrop.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
