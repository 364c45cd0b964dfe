// `npm run bench`: CodeDrop's API and upload throughput as ratios to bare servers measured in
// the same run, and the server's RSS growth during a 50 MiB upload (DESIGN.md §10).
import { mkdtemp } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequest, measureThroughput, postJson } from './bench/api-throughput.mjs';
import {
  startBareFastify,
  startBareStreamToDisk,
  startBufferingControl,
} from './bench/baselines.mjs';
import { ensureBuilt, startCodeDrop } from './bench/codedrop-server.mjs';
import { firstUploadGrowth } from './bench/memory-check.mjs';
import { multipartBody } from './bench/multipart-upload.mjs';
import { formatNumber, mib, table } from './bench/report.mjs';
import { measureUploads, writeRandomFile } from './bench/upload-throughput.mjs';

const settings = {
  warmupSeconds: 2,
  seconds: 5,
  fileBytes: 50 * mib,
  uploads: 5,
  memoryRuns: 3,
  memoryBarMiB: 32,
  budgetMs: 170_000,
};

const clipboard = {
  type: 'clipboard',
  content:
    'const server = http.createServer((req, res) => res.end("hello"));\n' +
    'server.listen(3000, () => console.log("listening on http://localhost:3000"));\n',
};

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
  answer.type === 'file' && answer.fileSize === body.fileBytes;
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

async function apiThroughput(codedrop, bare, code) {
  const timing = { warmupSeconds: settings.warmupSeconds, seconds: settings.seconds };
  const results = {};
  for (const [name, request] of [
    ['GET /api/shares/{code}', (origin) => getRequest(`${origin}/api/shares/${code}`)],
    ['POST /api/shares', (origin) => postJson(`${origin}/api/shares`, clipboard)],
  ]) {
    console.log(`  ${name} …`);
    results[name] = {
      codedrop: await measureThroughput(request(codedrop.origin), timing),
      bare: await measureThroughput(request(bare.origin), timing),
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

function summary(api, uploads, memory) {
  const ratio = (ours, theirs) => `${formatNumber(ours / theirs, 2)}×`;
  const rows = Object.entries(api).map(([name, { codedrop: ours, bare }]) => [
    name,
    `${formatNumber(ours.requestsPerSecond)} req/s`,
    `${formatNumber(bare.requestsPerSecond)} req/s`,
    ratio(ours.requestsPerSecond, bare.requestsPerSecond),
    `CodeDrop p50 ${ours.p50Ms} ms, p99 ${ours.p99Ms} ms`,
  ]);
  rows.push([
    `POST /api/files, 50 MiB × ${settings.uploads}`,
    `${formatNumber(uploads.codedrop, 1)} MiB/s`,
    `${formatNumber(uploads.bare, 1)} MiB/s`,
    ratio(uploads.codedrop, uploads.bare),
    'baseline: node:http piping the body to disk',
  ]);
  const toMiB = (kib) => `${formatNumber(kib / 1024, 1)} MiB`;
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
  console.log('\nSummary (ratio = CodeDrop ÷ bare baseline, same machine, same run)\n');
  console.log(table(['Measure', 'CodeDrop', 'Bare baseline', 'Ratio', 'Notes'], rows, 'lrrll'));
  console.log(`\nRSS measured with ${memory.codedrop.method}.`);
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

  const codedrop = await start(startCodeDrop(await scratch('data-')));
  const created = await json(`${codedrop.origin}/api/shares`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(clipboard),
  });
  const view = await json(`${codedrop.origin}/api/shares/${created.code}`);
  const bareFastify = await start(startBareFastify(view));
  console.log('API throughput (autocannon, 10 connections):');
  const api = await apiThroughput(codedrop, bareFastify, created.code);
  await bareFastify.stop();

  console.log(`Upload throughput (${settings.uploads} × 50 MiB after one warm-up) …`);
  const uploads = await uploadThroughput(codedrop, bodies.full);

  summary(api, uploads, memory);
  if (!memory.pass) {
    console.error(`\nFAIL: a 50 MiB upload raised RSS by ${settings.memoryBarMiB} MiB or more.`);
    process.exitCode = 1;
  }
  if (!memory.controlCaught) {
    console.error('\nFAIL: the memory check did not catch the buffering control server.');
    process.exitCode = 1;
  }
}

try {
  await main();
} catch (error) {
  console.error('\nbench failed:', error);
  process.exitCode = 1;
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
process.exit();
