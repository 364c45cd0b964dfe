// Measures that need many shares: lookups among a million, and a sweep of 100 000.
import { join } from 'node:path';
import { compareThroughput, fire, getRequest, steadyState } from './api-throughput.mjs';
import { startCodeDrop } from './codedrop-server.mjs';
import { seedShares } from './seed.mjs';

const timing = steadyState;
// Codes up to nine digits, so a million shares stay under the density target.
const wide = { CODE_MAX_DIGITS: '9' };

async function createShare(origin) {
  const response = await fetch(`${origin}/api/shares`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'clipboard', content: 'the share the bench reads' }),
  });
  if (response.status !== 201) throw new Error(`create: ${response.status}`);
  return (await response.json()).code;
}

/**
 * A server on its own data directory holding one share made through the API, to read, and
 * `count` live shares seeded beside it.
 */
async function serverAmong(dataDir, count, start) {
  const first = await start(startCodeDrop(dataDir, wide));
  const code = await createShare(first.origin);
  await first.stop();
  seedShares(join(dataDir, 'codedrop.db'), count);
  const server = await start(startCodeDrop(dataDir, wide));
  return {
    server,
    request: { ...getRequest(`${server.origin}/api/shares/${code}`), connections: 50 },
  };
}

/**
 * Read throughput with 1 000 000 live shares against 1 000: both servers up at once and read
 * in turn, the median round reported (compareThroughput), so that the machine's drift during
 * the run falls on both sides instead of on whichever was measured second.
 */
export async function lookupsAtScale(smallDir, largeDir, start) {
  const small = await serverAmong(smallDir, 1_000, start);
  const large = await serverAmong(largeDir, 999_999, start);
  try {
    const { codedrop, bare } = await compareThroughput(large.request, small.request, timing);
    return {
      large: { requestsPerSecond: codedrop.requestsPerSecond, p99Ms: codedrop.p99Ms },
      small: { requestsPerSecond: bare.requestsPerSecond, p99Ms: bare.p99Ms },
    };
  } finally {
    await Promise.all([small.server.stop(), large.server.stop()]);
  }
}

async function reclaimedRows(origin) {
  const text = await (await fetch(`${origin}/metrics`)).text();
  return Number(/codedrop_reclaimed_total\{kind="row"\} (\d+)/.exec(text)?.[1] ?? 0);
}

const firstSweepSeconds = 3;
const warmupSeconds = 2;

/**
 * 100 000 expired shares waiting when the server starts: how long from its start until they
 * are reclaimed, and the lookup p99 while that happens.
 */
export async function sweepBacklog(dataDir, start, count = 100_000) {
  const first = await start(startCodeDrop(dataDir, wide));
  const code = await createShare(first.origin);
  await first.stop();
  seedShares(join(dataDir, 'codedrop.db'), count, { expired: true });
  const startedAt = Date.now();
  // The first sweep runs one interval after start: three seconds, so the lookups can warm
  // the fresh server up first. Measured from a cold start, the lookups' p99 was mostly the
  // cold start's own.
  const server = await start(
    startCodeDrop(dataDir, { ...wide, SWEEP_INTERVAL_SECONDS: String(firstSweepSeconds) }),
  );
  try {
    const lookup = { ...getRequest(`${server.origin}/api/shares/${code}`), connections: 50 };
    await fire(lookup, warmupSeconds);
    let sweptAfterMs = null;
    const swept = new AbortController();
    const poll = (async () => {
      while (sweptAfterMs === null && Date.now() - startedAt < 30_000) {
        if ((await reclaimedRows(server.origin)) >= count) {
          sweptAfterMs = Date.now() - startedAt;
          swept.abort();
        } else await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    // Lookups from then until the backlog is gone (at most 15 s): wrk is stopped as soon as
    // it is, so the p99 is that of the lookups made while the sweep ran.
    const during = await fire(lookup, 15, { signal: swept.signal });
    await poll;
    return { sweptAfterMs, lookupP99Ms: during.p99Ms };
  } finally {
    await server.stop();
  }
}
