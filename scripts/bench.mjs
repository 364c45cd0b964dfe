// `npm run bench`: CodeDrop's API and upload throughput as ratios to bare servers measured in
// the same run, the server's RSS growth during a 50 MiB upload, and the browser's encryption
// against raw WebCrypto (docs/benchmarks.md). `--only=crypto` runs the browser rows alone,
// `--only=api` the API bars, `--only=memory` the RSS of 20 simultaneous uploads on S3 and disk,
// `--only=live` the live rooms' idle streams.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  compareThroughput,
  getRequest,
  loadTool,
  postJson,
  steadyState,
} from './bench/api-throughput.mjs';
import {
  startBareFastify,
  startBareStreamToDisk,
  startBufferingControl,
} from './bench/baselines.mjs';
import { browserCrypto } from './bench/browser-crypto.mjs';
import { ensureBuilt, startCodeDrop } from './bench/codedrop-server.mjs';
import { firstUploadGrowth } from './bench/memory-check.mjs';
import { multipartBody } from './bench/multipart-upload.mjs';
import { formatNumber, mib, table } from './bench/report.mjs';
import { lookupsAtScale, sweepBacklog } from './bench/scale.mjs';
import { everyCore, loggingCost, onPostgres } from './bench/variants.mjs';
import { editLatency, editLatencyBarMs, idleStreams } from './bench/live-rooms.mjs';
import { measureUploads, writeRandomFile } from './bench/upload-throughput.mjs';
import { chunkedBar, chunkedRssBarMiB, chunkedUploads } from './bench/resumable-upload.mjs';
import { uploadMemory, uploadMemoryRows } from './bench/upload-memory.mjs';

const settings = {
  fileBytes: 50 * mib,
  uploads: 5,
  memoryRuns: 3,
  memoryBarMiB: 32,
  // A safety limit against a hung step, not a bar: a slow day takes well under it.
  budgetMs: 900_000,
};

const clipboard = {
  type: 'clipboard',
  content:
    'const server = http.createServer((req, res) => res.end("hello"));\n' +
    'server.listen(3000, () => console.log("listening on http://localhost:3000"));\n',
};
// The create bar is measured with a 40-character text, as the issue's table states.
const shortText = { type: 'clipboard', content: 'Meet at the north entrance at 7:30 pm.!' };

/** An encrypted text share whose envelope is about 2 MiB, the largest allowed. */
function encryptedShare() {
  const authKey = randomBytes(32);
  return {
    type: 'clipboard',
    authVerifier: createHash('sha256').update(authKey).digest('base64'),
    encryptedPayload: {
      v: 1,
      alg: 'AES-256-GCM',
      kdf: { name: 'PBKDF2-SHA-256', iter: 600_000, salt: randomBytes(32).toString('base64') },
      iv: randomBytes(12).toString('base64'),
      ciphertext: randomBytes(1_500_000).toString('base64'),
    },
  };
}

/**
 * The bars (ratio = CodeDrop ÷ bare route in the same run): one process, SQLite, request
 * logs on as shipped. Reads use 50 connections, creates 20; creates go up to eight digits.
 */
const apiMeasures = [
  { name: 'GET /api/shares/{code} (text)', share: 'text', connections: 50, bar: 0.6 },
  {
    name: 'GET /api/shares/{code} (2 MiB envelope)',
    share: 'encrypted',
    connections: 50,
    bar: 0.4,
  },
  { name: 'POST /api/shares (40 characters)', create: true, connections: 20, bar: 0.5 },
  { name: 'GET /api/config', path: '/api/config', connections: 50, bar: 0.8 },
];
const lookupP99BarMs = 10;
const scaleBar = 0.8;
const sweepBarMs = 10_000;
const sweepP99BarMs = 50;

const work = await mkdtemp(join(tmpdir(), 'codedrop-bench-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true, maxRetries: 3 }));
process.on('SIGINT', () => process.exit(130));
setTimeout(() => {
  console.error(`bench: gave up after ${settings.budgetMs / 1000} s`);
  process.exit(1);
}, settings.budgetMs).unref();

const servers = [];
async function start(starting) {
  const server = await starting;
  servers.push(server);
  return server;
}
const scratch = (prefix) => mkdtemp(join(work, prefix));

async function json(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return JSON.parse(text);
}

async function uploadBodies() {
  const full = join(work, 'upload-50mib.bin');
  const half = join(work, 'upload-25mib.bin');
  await writeRandomFile(full, settings.fileBytes);
  await writeRandomFile(half, settings.fileBytes / 2);
  const fields = { maxDownloads: '100' };
  return {
    full: await multipartBody(fields, full, 'upload.bin'),
    half: await multipartBody(fields, half, 'upload.bin'),
  };
}

// What each server must answer for an upload to count: the whole file, stored.
const codedropAccepts = (body) => (answer) =>
  answer.type === 'file' && answer.files?.[0]?.size === body.fileBytes;
const rawAccepts = (body) => (answer) => answer.bytes === body.contentLength;

async function memoryChecks(bodies) {
  const options = { warmup: bodies.half, measured: bodies.full, runs: settings.memoryRuns };
  const targets = {
    codedrop: {
      start: async () => startCodeDrop(await scratch('memory-data-')),
      path: '/api/files',
      accepted: codedropAccepts,
    },
    bare: {
      start: async () => startBareStreamToDisk(await scratch('memory-bare-')),
      path: '/upload',
      accepted: rawAccepts,
    },
    control: {
      start: async () => startBufferingControl(await scratch('memory-control-')),
      path: '/upload',
      accepted: rawAccepts,
    },
  };
  const results = {};
  for (const [name, target] of Object.entries(targets)) {
    results[name] = await firstUploadGrowth(
      { ...target, start: () => start(target.start()) },
      options,
    );
  }
  return results;
}

async function apiThroughput(codedrop, bare, codes) {
  const timing = steadyState;
  const results = {};
  for (const measure of apiMeasures) {
    const request = (origin) => ({
      connections: measure.connections,
      ...(measure.create
        ? postJson(`${origin}/api/shares`, shortText)
        : getRequest(`${origin}${measure.path ?? `/api/shares/${codes[measure.share]}`}`)),
    });
    console.log(`  ${measure.name} …`);
    results[measure.name] = {
      measure,
      ...(await compareThroughput(request(codedrop.origin), request(bare.origin), timing)),
    };
  }
  return results;
}

async function uploadThroughput(codedrop, body) {
  const bare = await start(startBareStreamToDisk(await scratch('bare-uploads-')));
  const [codedropRate, bareRate] = await measureUploads(
    [
      { url: `${codedrop.origin}/api/files`, accepted: codedropAccepts(body) },
      { url: `${bare.origin}/upload`, accepted: rawAccepts(body) },
    ],
    body,
    settings.uploads,
  );
  await bare.stop();
  return { codedrop: codedropRate, bare: bareRate };
}

const failures = [];
const round2 = (ms) => Math.round(ms * 100) / 100;

function pass(ok) {
  return ok ? 'PASS' : 'FAIL';
}

/** Every bar the run missed, named, for the exit status. */
function missedBars(api) {
  const missed = [];
  for (const [name, { measure, codedrop: ours, bare }] of Object.entries(api)) {
    const value = ours.requestsPerSecond / bare.requestsPerSecond;
    if (value < measure.bar) missed.push(`${name}: ${value.toFixed(2)}× < ${measure.bar}×`);
  }
  const p99 = api[apiMeasures[0].name].p99Ms.codedrop;
  if (p99 > lookupP99BarMs) missed.push(`lookup p99 ${p99} ms > ${lookupP99BarMs} ms`);
  return missed;
}

function missedScaleBars(scale) {
  const missed = [];
  const ratio = scale.lookups.large.requestsPerSecond / scale.lookups.small.requestsPerSecond;
  if (ratio < scaleBar) missed.push(`lookups among a million: ${ratio.toFixed(2)}× < ${scaleBar}×`);
  const swept = scale.sweep.sweptAfterMs;
  if (swept === null || swept >= sweepBarMs)
    missed.push(`sweeping 100 000 took ${swept ?? '> 30 000'} ms`);
  if (scale.sweep.lookupP99Ms >= sweepP99BarMs) {
    missed.push(`lookup p99 during the sweep ${scale.sweep.lookupP99Ms} ms`);
  }
  return missed;
}

function scaleRows(scale) {
  const { small, large } = scale.lookups;
  const ratio = large.requestsPerSecond / small.requestsPerSecond;
  const swept = scale.sweep.sweptAfterMs;
  return [
    [
      'Lookups among 1 000 000 shares vs 1 000',
      `${formatNumber(large.requestsPerSecond)} req/s`,
      `${formatNumber(small.requestsPerSecond)} req/s`,
      `${formatNumber(ratio, 2)}× ${pass(ratio >= scaleBar)}`,
      `bar ≥ ${scaleBar}×; rows seeded directly, codes up to 9 digits`,
    ],
    [
      'Sweeping 100 000 expired shares',
      swept === null ? 'not done in 30 s' : `${formatNumber(swept / 1000, 1)} s`,
      '',
      pass(swept !== null && swept < sweepBarMs),
      `bar < ${sweepBarMs / 1000} s from start; first sweep 3 s after it`,
    ],
    [
      'Lookup p99 during that sweep',
      `${scale.sweep.lookupP99Ms} ms`,
      '',
      pass(scale.sweep.lookupP99Ms < sweepP99BarMs),
      `bar < ${sweepP99BarMs} ms at 50 connections, while the sweep ran`,
    ],
  ];
}

/** Rows of other setups (scripts/bench/variants.mjs); a row without a bar is reported. */
function variantRows(variants) {
  return variants.map((row) => [
    row.name,
    `${formatNumber(row.codedrop.requestsPerSecond)} req/s`,
    `${formatNumber(row.bare.requestsPerSecond)} req/s`,
    `${formatNumber(row.ratio, 2)}×${row.pass === null ? '' : ` ${pass(row.pass)}`}`,
    `${row.bar === null ? 'reported' : `bar ≥ ${row.bar}×`}; ${row.notes}; CodeDrop p99 ${round2(row.codedrop.p99Ms)} ms${row.ratios.length > 1 ? `; median of rounds ${row.ratios.map((r) => formatNumber(r, 2)).join(', ')}×` : ''}`,
  ]);
}

function missedVariantBars(variants) {
  return variants
    .filter((row) => row.pass === false)
    .map((row) => `${row.name}: ${row.ratio.toFixed(2)}× (bar ≥ ${row.bar}×); ${row.notes}`);
}

/** The browser rows (scripts/bench/browser-crypto.mjs); a row without a bar is reported. */
function cryptoRows(rows) {
  const amount = (value, unit) => `${formatNumber(value, unit === 'MiB' ? 1 : 0)} ${unit}`;
  return rows.map((row) => [
    row.name,
    amount(row.value, row.unit),
    row.baseline === null ? '' : `${amount(row.baseline, row.unit)} raw`,
    [
      row.ratio === null ? '' : `${formatNumber(row.ratio, 2)}×`,
      row.pass === null ? '' : pass(row.pass),
    ]
      .filter(Boolean)
      .join(' '),
    `${row.bar ? `bar ${row.bar}` : 'reported'}; ${row.notes}`,
  ]);
}

function missedChunkedBars(chunked) {
  const missed = [];
  if (chunked.codedrop / chunked.bare < chunkedBar) {
    missed.push(
      `tus upload: ${formatNumber(chunked.codedrop / chunked.bare, 2)}× < ${chunkedBar}×`,
    );
  }
  if (chunked.rssGrowthKiB >= chunkedRssBarMiB * 1024) {
    missed.push(`tus upload raised RSS by ${chunkedRssBarMiB} MiB or more`);
  }
  return missed;
}

function missedCryptoBars(rows) {
  return rows.filter((row) => row.pass === false).map((row) => `${row.name}: bar ${row.bar}`);
}

/** The API bars' rows: each measure, then the lookups' p99. */
function apiRows(api) {
  const ratio = (ours, theirs) => `${formatNumber(ours / theirs, 2)}×`;
  const rows = Object.entries(api).map(([name, { measure, codedrop: ours, bare, ratios }]) => [
    name,
    `${formatNumber(ours.requestsPerSecond)} req/s`,
    `${formatNumber(bare.requestsPerSecond)} req/s`,
    `${ratio(ours.requestsPerSecond, bare.requestsPerSecond)} ${pass(ours.requestsPerSecond / bare.requestsPerSecond >= measure.bar)}`,
    `bar ≥ ${measure.bar}×; ${measure.connections} connections; CodeDrop p50 ${round2(ours.p50Ms)} ms, p99 ${round2(ours.p99Ms)} ms; median of rounds ${ratios.map((r) => formatNumber(r, 2)).join(', ')}×`,
  ]);
  const { p99Ms } = api[apiMeasures[0].name];
  rows.push([
    'p99 latency of lookups',
    `${round2(p99Ms.codedrop)} ms`,
    `${round2(p99Ms.bare)} ms`,
    pass(p99Ms.codedrop <= lookupP99BarMs),
    `bar ≤ ${lookupP99BarMs} ms at ${apiMeasures[0].connections} connections; median of ${p99Ms.rounds.length} rounds (${p99Ms.rounds.map(round2).join(', ')} ms)`,
  ]);
  return rows;
}

/** The live rooms' latency row (scripts/bench/live-rooms.mjs). */
function latencyRow(latency) {
  return [
    latency.name,
    `${formatNumber(latency.p95Ms, 1)} ms`,
    `${formatNumber(latency.answerP95Ms, 1)} ms answer`,
    pass(latency.pass),
    `bar ≤ ${editLatencyBarMs} ms; ${latency.notes}`,
  ];
}

function missedLatencyBar(latency) {
  return latency.pass
    ? []
    : [`${latency.name}: ${latency.p95Ms.toFixed(1)} ms > ${editLatencyBarMs} ms`];
}

function summary(api, uploads, memory, scale, variants, browser, latency) {
  const ratio = (ours, theirs) => `${formatNumber(ours / theirs, 2)}×`;
  const rows = apiRows(api);
  rows.push(...scaleRows(scale), ...variantRows(variants), latencyRow(latency));
  rows.push([
    `POST /api/files, 50 MiB × ${settings.uploads}`,
    `${formatNumber(uploads.codedrop, 1)} MiB/s`,
    `${formatNumber(uploads.bare, 1)} MiB/s`,
    ratio(uploads.codedrop, uploads.bare),
    'baseline: node:http piping the body to disk',
  ]);
  const toMiB = (kib) => `${formatNumber(kib / 1024, 1)} MiB`;
  const { chunked } = uploads;
  rows.push([
    'tus upload, 200 MiB in 8 MiB chunks',
    `${formatNumber(chunked.codedrop, 1)} MiB/s`,
    `${formatNumber(chunked.bare, 1)} MiB/s`,
    `${ratio(chunked.codedrop, chunked.bare)} ${pass(chunked.codedrop / chunked.bare >= chunkedBar)}`,
    `bar ≥ ${chunkedBar}×; baseline: one request body piped to disk and synced; median of rounds ${chunked.rounds.map((r) => formatNumber(r, 2)).join(', ')}×`,
  ]);
  rows.push([
    'RSS growth, 200 MiB tus upload',
    toMiB(chunked.rssGrowthKiB),
    '',
    pass(chunked.rssGrowthKiB < chunkedRssBarMiB * 1024),
    `bar < ${chunkedRssBarMiB} MiB`,
  ]);
  rows.push([
    'RSS growth, 50 MiB upload',
    toMiB(memory.codedrop.maxKiB),
    toMiB(memory.bare.maxKiB),
    memory.pass ? 'PASS' : 'FAIL',
    `bar < ${settings.memoryBarMiB} MiB; worst of ${settings.memoryRuns} fresh servers`,
  ]);
  rows.push([
    'RSS growth, buffering control',
    toMiB(memory.control.minKiB),
    '',
    memory.controlCaught ? 'caught' : 'MISSED',
    'a server holding the whole body must fail the bar',
  ]);
  rows.push(...cryptoRows(browser));
  console.log('\nSummary (ratio = CodeDrop ÷ bare baseline, same machine, same run)\n');
  console.log(table(['Measure', 'CodeDrop', 'Bare baseline', 'Ratio', 'Notes'], rows, 'lrrll'));
  console.log(`\nRSS measured with ${memory.codedrop.method}.`);
  console.log(browserNote);
}

const browserNote =
  'Chromium rows: raw = WebCrypto AES-256-GCM over the same bytes in 1 MiB segments, same page;' +
  ' page memory = CDP Runtime.getHeapUsage (JS heap + Blink heap + ArrayBuffer contents, page' +
  ' and workers), peak above idle.';

/**
 * `--only=api`: the API bars alone (about two minutes): SQLite's rows, what logging costs and
 * PostgreSQL's rows, for working on the request path.
 */
async function onlyApi() {
  ensureBuilt();
  const { codedrop, bareFastify, codes, dataDir } = await apiServers();
  console.log(`API throughput (${loadTool}):`);
  const api = await apiThroughput(codedrop, bareFastify, codes);
  await bareFastify.stop();
  console.log('Request logging, and PostgreSQL …');
  const variants = [await loggingCost(codedrop, dataDir, codes.text, start)];
  await codedrop.stop();
  variants.push(...(await onPostgres(await scratch('postgres-'), start, shortText)));
  const rows = [...apiRows(api), ...variantRows(variants)];
  console.log('\nSummary (ratio = CodeDrop ÷ bare baseline, same machine, same run)\n');
  console.log(table(['Measure', 'CodeDrop', 'Bare baseline', 'Ratio', 'Notes'], rows, 'lrrll'));
  for (const failure of [...missedBars(api), ...missedVariantBars(variants)]) {
    console.error(`\nFAIL: ${failure}`);
    process.exitCode = 1;
  }
}

/** `--only=live`: the live rooms' idle streams row alone. */
async function onlyLive() {
  ensureBuilt();
  const variants = [
    await idleStreams(await scratch('rooms-'), await scratch('rooms-twin-'), start, shortText),
  ];
  const latency = await editLatency(await scratch('rooms-latency-'), start);
  const rows = [...variantRows(variants), latencyRow(latency)];
  console.log(table(['Measure', 'CodeDrop', 'Bare baseline', 'Ratio', 'Notes'], rows, 'lrrll'));
  for (const failure of [...missedVariantBars(variants), ...missedLatencyBar(latency)]) {
    console.error(`\nFAIL: ${failure}`);
    process.exitCode = 1;
  }
}

/** `--only=crypto`: the browser rows alone, for working on the encryption code. */
async function onlyCrypto() {
  console.log('Encryption in Chromium (50 MiB) …');
  const rows = await browserCrypto();
  console.log('\nSummary (ratio = CodeDrop ÷ raw WebCrypto, same page, same run)\n');
  console.log(
    table(['Measure', 'CodeDrop', 'Baseline', 'Ratio', 'Notes'], cryptoRows(rows), 'lrrll'),
  );
  console.log(browserNote);
  for (const failure of missedCryptoBars(rows)) {
    console.error(`\nFAIL: ${failure}`);
    process.exitCode = 1;
  }
}

/** The simultaneous uploads' rows: peak RSS on S3 (the bar) and on local disk, and after. */
function uploadMemoryTable(results) {
  const toMiB = (kib) => `${formatNumber(kib / 1024, 1)} MiB`;
  const { uploads, peakBarMiB, settleMs } = uploadMemory;
  const row = (store, { beforeKiB, peakKiB, afterKiB, seconds }, bar) => [
    `Peak RSS, ${uploads} × 50 MiB uploads at once, ${store}`,
    toMiB(peakKiB),
    '',
    bar ? pass(peakKiB < peakBarMiB * 1024) : '',
    `${bar ? `bar < ${peakBarMiB} MiB` : 'reported'}; ${toMiB(beforeKiB)} before, ${toMiB(afterKiB)} ${settleMs / 1000} s after; all in ${formatNumber(seconds, 1)} s`,
  ];
  return [row('S3 (s3rver)', results.s3, true), row('local disk', results.local, false)];
}

/** `--only=memory`: the simultaneous uploads on S3 and on local disk (about a minute). */
async function onlyMemory() {
  ensureBuilt();
  const body = (await uploadBodies()).full;
  console.log(`Memory: ${uploadMemory.uploads} × 50 MiB uploads at once, S3 then local disk …`);
  const results = await uploadMemoryRows(scratch, start, body);
  console.log('\nSummary (RSS of the server process)\n');
  console.log(
    table(['Measure', 'CodeDrop', '', 'Result', 'Notes'], uploadMemoryTable(results), 'lrrll'),
  );
  if (results.s3.peakKiB >= uploadMemory.peakBarMiB * 1024) {
    console.error(`\nFAIL: the uploads on S3 peaked at ${uploadMemory.peakBarMiB} MiB or more.`);
    process.exitCode = 1;
  }
}

/** CodeDrop with a text and an encrypted share, and the bare route answering the same JSON. */
async function apiServers() {
  const dataDir = await scratch('data-');
  const codedrop = await start(startCodeDrop(dataDir));
  const create = (share) =>
    json(`${codedrop.origin}/api/shares`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(share),
    });
  const codes = {
    text: (await create(clipboard)).code,
    encrypted: (await create(encryptedShare())).code,
  };
  const views = {};
  for (const code of Object.values(codes)) {
    views[code] = await json(`${codedrop.origin}/api/shares/${code}`);
  }
  const config = await json(`${codedrop.origin}/api/config`);
  const bareFastify = await start(startBareFastify(views, config));
  return { codedrop, bareFastify, codes, dataDir };
}

async function main() {
  ensureBuilt();
  console.log(`Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`);
  const bodies = await uploadBodies();

  console.log('Memory: first 50 MiB upload on fresh servers …');
  const memory = await memoryChecks(bodies);
  const bar = settings.memoryBarMiB * 1024;
  memory.pass = memory.codedrop.maxKiB < bar;
  memory.controlCaught = memory.control.minKiB >= bar;

  const { codedrop, bareFastify, codes, dataDir } = await apiServers();
  console.log(`API throughput (${loadTool}):`);
  const api = await apiThroughput(codedrop, bareFastify, codes);
  await bareFastify.stop();
  const variants = [await loggingCost(codedrop, dataDir, codes.text, start)];

  console.log(`Upload throughput (${settings.uploads} × 50 MiB after one warm-up) …`);
  const uploads = await uploadThroughput(codedrop, bodies.full);
  await codedrop.stop();
  console.log('Resumable upload (tus, 200 MiB in 8 MiB chunks) …');
  uploads.chunked = await chunkedUploads(work, scratch, start);

  console.log('Lookups among 1 000 and 1 000 000 shares …');
  const scale = {
    lookups: await lookupsAtScale(await scratch('scale-'), await scratch('scale-large-'), start),
  };
  console.log('Sweeping 100 000 expired shares under load …');
  scale.sweep = await sweepBacklog(await scratch('sweep-'), start);

  console.log('Every core, and PostgreSQL …');
  variants.push(...(await everyCore(await scratch('cores-'), start, shortText)));
  variants.push(...(await onPostgres(await scratch('postgres-'), start, shortText)));
  console.log('Live rooms: 5 000 idle streams, and edits across instances …');
  variants.push(
    await idleStreams(await scratch('rooms-'), await scratch('rooms-twin-'), start, shortText),
  );
  const latency = await editLatency(await scratch('rooms-latency-'), start);

  console.log('Encryption in Chromium (50 MiB) …');
  const browser = await browserCrypto();

  summary(api, uploads, memory, scale, variants, browser, latency);
  failures.push(...missedLatencyBar(latency));
  failures.push(...missedBars(api), ...missedScaleBars(scale), ...missedCryptoBars(browser));
  failures.push(...missedChunkedBars(uploads.chunked), ...missedVariantBars(variants));
  for (const failure of failures) {
    console.error(`\nFAIL: ${failure}`);
    process.exitCode = 1;
  }
  if (!memory.pass) {
    console.error(`\nFAIL: a 50 MiB upload raised RSS by ${settings.memoryBarMiB} MiB or more.`);
    process.exitCode = 1;
  }
  if (!memory.controlCaught) {
    console.error('\nFAIL: the memory check did not catch the buffering control server.');
    process.exitCode = 1;
  }
}

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
try {
  if (only === 'crypto') await onlyCrypto();
  else if (only === 'api') await onlyApi();
  else if (only === 'memory') await onlyMemory();
  else if (only === 'live') await onlyLive();
  else if (only !== undefined)
    throw new Error(
      `--only=${only}: --only=api, --only=crypto, --only=memory and --only=live exist`,
    );
  else await main();
} catch (error) {
  console.error('\nbench failed:', error);
  process.exitCode = 1;
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
process.exit();
