// The API on other setups, each a ratio measured in the same run: every core on SQLite
// (reported), what request logging costs (reported), and PostgreSQL with one and two
// workers (bars: docs/benchmarks.md#the-api-on-postgresql).
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { compareThroughput, getRequest, postJson, steadyState } from './api-throughput.mjs';
import { startBareFastify } from './baselines.mjs';
import { startCodeDrop } from './codedrop-server.mjs';
import { withFreshDatabase } from './fresh-postgres.mjs';

const reported = { ...steadyState, rounds: 3 };
const barred = steadyState;
const bars = { postgresRead: 0.65, postgresCreate: 0.4, postgresTwoWorkers: 1.6 };

const read = (origin, code) => ({ ...getRequest(`${origin}/api/shares/${code}`), connections: 50 });
const create = (origin, text) => ({ ...postJson(`${origin}/api/shares`, text), connections: 20 });

/** A row for bench.mjs: `bar` null when the row is reported only. */
function row(name, result, bar, notes) {
  const ratio = result.codedrop.requestsPerSecond / result.bare.requestsPerSecond;
  return { name, ...result, ratio, bar, pass: bar === null ? null : ratio >= bar, notes };
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

/** CodeDrop with every core against the bare route with as many processes (reported). */
export async function everyCore(dataDir, start, shortText) {
  const workers = availableParallelism();
  const codedrop = await start(startCodeDrop(dataDir, { WORKERS: String(workers) }));
  try {
    const views = await viewsFor(codedrop, shortText);
    const [code] = Object.keys(views);
    const bare = await start(startBareFastify(views, {}, workers));
    try {
      const notes = `WORKERS=${workers}, bare route on as many processes`;
      return [
        row(
          'GET text share, every core',
          await compareThroughput(read(codedrop.origin, code), read(bare.origin, code), reported),
          null,
          notes,
        ),
        row(
          'POST 40 characters, every core',
          await compareThroughput(
            create(codedrop.origin, shortText),
            create(bare.origin, shortText),
            reported,
          ),
          null,
          notes,
        ),
      ];
    } finally {
      await bare.stop();
    }
  } finally {
    await codedrop.stop();
  }
}

/**
 * What the access log costs: lookups on the server as shipped (LOG_LEVEL info, one line
 * per request) against the same data served with LOG_LEVEL=warn (reported).
 */
export async function loggingCost(codedrop, dataDir, code, start) {
  const quiet = await start(startCodeDrop(dataDir, { LOG_LEVEL: 'warn' }));
  try {
    const result = await compareThroughput(
      read(codedrop.origin, code),
      read(quiet.origin, code),
      barred,
    );
    return row(
      'request logging: lookups at info ÷ at warn',
      result,
      null,
      'the same data; the access line goes to a discarded stdout',
    );
  } finally {
    await quiet.stop();
  }
}

/**
 * Fills the four- to six-digit lengths to their density target (CODE_MAX_DENSITY 0.01),
 * as on an instance that has been in use: the rows then create at seven digits, counted
 * under the length's lock, and at eight once seven is full. Rows seeded straight into the
 * table; its triggers keep the counts.
 */
async function fillShortCodes(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const [digits, count] of [
      [4, 100],
      [5, 1_000],
      [6, 10_000],
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

/**
 * What a second process gives the bare create route on this machine (reported), beside
 * the two-worker row above: the load generator and the servers share its cores, and the
 * bare route leaves them no database to share as well.
 */
async function bareTwoProcesses(views, start, shortText) {
  const one = await start(startBareFastify(views, {}));
  const two = await start(startBareFastify(views, {}, 2));
  try {
    return row(
      'POST, bare route: two processes ÷ one',
      await compareThroughput(
        create(two.origin, shortText),
        create(one.origin, shortText),
        reported,
      ),
      null,
      'beside the WORKERS=2 row: the same machine, no database',
    );
  } finally {
    await two.stop();
    await one.stop();
  }
}

/**
 * CodeDrop on a fresh PostgreSQL database: one process against the bare route, and two
 * workers against one (both servers on the same database, measured in turn).
 */
export async function onPostgres(dataDir, start, shortText) {
  return withFreshDatabase('codedrop_bench', async (databaseUrl) => {
    const env = { DATABASE_URL: databaseUrl };
    const stops = [];
    try {
      const one = await start(startCodeDrop(dataDir, env));
      stops.push(one);
      await fillShortCodes(databaseUrl);
      const views = await viewsFor(one, shortText);
      const [code] = Object.keys(views);
      const bare = await start(startBareFastify(views, {}));
      stops.push(bare);
      const two = await start(startCodeDrop(`${dataDir}-two`, { ...env, WORKERS: '2' }));
      stops.push(two);
      const notes = 'one process, local PostgreSQL, 4–6 digits taken';
      return [
        row(
          'GET text share, PostgreSQL',
          await compareThroughput(read(one.origin, code), read(bare.origin, code), barred),
          bars.postgresRead,
          notes,
        ),
        row(
          'POST 40 characters, PostgreSQL',
          await compareThroughput(
            create(one.origin, shortText),
            create(bare.origin, shortText),
            barred,
          ),
          bars.postgresCreate,
          notes,
        ),
        row(
          'POST 40 characters, PostgreSQL, WORKERS=2 ÷ 1',
          await compareThroughput(
            create(two.origin, shortText),
            create(one.origin, shortText),
            barred,
          ),
          bars.postgresTwoWorkers,
          'baseline: the same server with one worker, same database',
        ),
        await bareTwoProcesses(views, start, shortText),
      ];
    } finally {
      for (const server of stops.reverse()) await server.stop();
    }
  });
}
