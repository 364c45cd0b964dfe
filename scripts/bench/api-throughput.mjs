import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { flushPendingWrites } from './pending-writes.mjs';

/**
 * The load generator: wrk (C, one thread) when it is installed, as the issue's own figures
 * were measured, else autocannon. On a two-core machine the generator shares the CPU with
 * the server, and a JavaScript client parsing every response header slows down the run
 * it measures; wrk costs the server's side far less.
 */
export const loadTool =
  spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined ? 'wrk' : 'autocannon';

const scratch = mkdtempSync(join(tmpdir(), 'codedrop-wrk-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
let scripts = 0;

/** A wrk script that sends `options`' method, headers and body on every request. */
function wrkScript({ method = 'GET', headers = {}, body }) {
  const file = join(scratch, `request-${scripts++}.lua`);
  const lines = [`wrk.method = "${method}"`];
  for (const [name, value] of Object.entries(headers)) {
    lines.push(`wrk.headers[ [==[${name}]==] ] = [==[${value}]==]`);
  }
  if (body !== undefined) lines.push(`wrk.body = [==[${body}]==]`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

const unitsMs = { us: 0.001, ms: 1, s: 1000 };
const durationMs = (text) => {
  const [, value, unit] = /^([\d.]+)(us|ms|s)$/.exec(text) ?? [];
  return value === undefined ? NaN : Number(value) * unitsMs[unit];
};

async function fireWrk(options, seconds, { signal } = {}) {
  const args = [
    '-t1',
    `-c${options.connections ?? 10}`,
    `-d${seconds}s`,
    '--latency',
    '-s',
    wrkScript(options),
    options.url,
  ];
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  // Stopped early (SIGINT), wrk prints the figures of the requests made until then.
  const stop = () => child.kill('SIGINT');
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted) stop();
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  signal?.removeEventListener('abort', stop);
  const number = (pattern) => Number(pattern.exec(output)?.[1] ?? NaN);
  const non2xx = number(/Non-2xx or 3xx responses: (\d+)/) || 0;
  const socketErrors = /Socket errors: (.*)/.exec(output)?.[1];
  if (code !== 0 || non2xx > 0 || socketErrors !== undefined) {
    throw new Error(
      `${options.url}: wrk failed (exit ${code}, ${non2xx} non-2xx, ${socketErrors ?? 'no socket errors'})\n${output}`,
    );
  }
  return {
    requestsPerSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p50Ms: durationMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? ''),
    p99Ms: durationMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? ''),
    total: number(/(\d+) requests in/),
  };
}

async function fireAutocannon(options, seconds, { signal } = {}) {
  const result = await new Promise((resolve, reject) => {
    const run = autocannon({ connections: 10, ...options, duration: seconds }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    signal?.addEventListener('abort', () => run.stop(), { once: true });
    if (signal?.aborted) run.stop();
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) {
    const statuses = JSON.stringify(result.statusCodeStats);
    throw new Error(
      `${options.url}: ${failed} failed requests (${result.errors} errors, ` +
        `${result.timeouts} timeouts, ${result.non2xx} non-2xx; statuses ${statuses})`,
    );
  }
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
  };
}

/**
 * One run of `seconds` against `options`, or until `signal` aborts; throws when any request
 * failed.
 */
export const fire = loadTool === 'wrk' ? fireWrk : fireAutocannon;

/**
 * How every CodeDrop-against-baseline row is timed. A fresh CodeDrop process reaches its
 * steady throughput only after several seconds of load (the JIT has more code to compile
 * than a bare route has, and the bare route is at its own pace sooner), and a single round
 * on this shared machine can run well below speed on either side. A short warm-up put the
 * first rounds inside CodeDrop's warm-up, and with few rounds one slow round moved the
 * median; docs/benchmarks.md gives the warm-up curve.
 */
export const steadyState = { warmupSeconds: 4, seconds: 2, rounds: 5 };

/** Requests per second after a warm-up run whose figures are thrown away. */
export async function measureThroughput(options, { warmupSeconds, seconds }) {
  await fire(options, warmupSeconds);
  return fire(options, seconds);
}

/**
 * CodeDrop against its baseline: both warmed up, then `rounds` runs of each taken in turn,
 * and the round whose ratio is the median reported. The client and the server share the
 * machine's cores, so a single run swings by a tenth either way; alternating and taking
 * the median cancels the drift without favouring either side.
 */
export async function compareThroughput(ours, bare, { warmupSeconds, seconds, rounds }) {
  flushPendingWrites();
  await fire(ours, warmupSeconds);
  await fire(bare, warmupSeconds);
  const runs = [];
  for (let round = 0; round < rounds; round++) {
    const codedrop = await fire(ours, seconds);
    const baseline = await fire(bare, seconds);
    runs.push({
      codedrop,
      bare: baseline,
      ratio: codedrop.requestsPerSecond / baseline.requestsPerSecond,
    });
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  // Tail latency is taken the same way, as the median of the rounds' p99: one stall of the
  // machine (another tenant, a page-cache flush) can put a single two-second round's p99
  // past 10 ms for the bare route as much as for CodeDrop, and says nothing about either.
  const p99Ms = {
    codedrop: median(runs.map((run) => run.codedrop.p99Ms)),
    bare: median(runs.map((run) => run.bare.p99Ms)),
    rounds: runs.map((run) => run.codedrop.p99Ms),
  };
  const ratios = runs.map((run) => run.ratio);
  runs.sort((a, b) => a.ratio - b.ratio);
  const { codedrop, bare: baseline } = runs[Math.floor(runs.length / 2)];
  return { codedrop, bare: baseline, p99Ms, ratios };
}

export function getRequest(url) {
  return { url, method: 'GET' };
}

export function postJson(url, value) {
  return {
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  };
}
