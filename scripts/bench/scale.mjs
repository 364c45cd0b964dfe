// Measures that need many shares: lookups among a million, and a sweep of 100 000.
import { join } from 'node:path';
import { fire, getRequest } from './api-throughput.mjs';
import { startCodeDrop } from './codedrop-server.mjs';
import { seedShares } from './seed.mjs';

const timing = { warmupSeconds: 1, seconds: 3 };
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

async function lookups(origin, code, seconds) {
  const result = await fire(
    { ...getRequest(`${origin}/api/shares/${code}`), connections: 50 },
    seconds,
  );
  return { requestsPerSecond: result.requestsPerSecond, p99Ms: result.p99Ms };
}

/** Lookup throughput with `count` live shares seeded beside the one read. */
async function lookupsAmong(dataDir, code, count, start) {
  seedShares(join(dataDir, 'codedrop.db'), count);
  const server = await start(startCodeDrop(dataDir, wide));
  try {
    await lookups(server.origin, code, timing.warmupSeconds);
    return await lookups(server.origin, code, timing.seconds);
  } finally {
    await server.stop();
  }
}

/** Read throughput with 1 000 live shares, then with 1 000 000. */
export async function lookupsAtScale(dataDir, start) {
  const first = await start(startCodeDrop(dataDir, wide));
  const code = await createShare(first.origin);
  await first.stop();
  const small = await lookupsAmong(dataDir, code, 1_000, start);
  const large = await lookupsAmong(dataDir, code, 999_000, start);
  return { small, large };
}

async function reclaimedRows(origin) {
  const text = await (await fetch(`${origin}/metrics`)).text();
  return Number(/codedrop_reclaimed_total\{kind="row"\} (\d+)/.exec(text)?.[1] ?? 0);
}

/**
 * 100 000 expired shares waiting when the server starts with a one-second sweep: how long
 * until they are reclaimed, and the lookup p99 while that happens.
 */
export async function sweepBacklog(dataDir, start, count = 100_000) {
  const first = await start(startCodeDrop(dataDir, wide));
  const code = await createShare(first.origin);
  await first.stop();
  seedShares(join(dataDir, 'codedrop.db'), count, { expired: true });
  const startedAt = Date.now();
  const server = await start(startCodeDrop(dataDir, { ...wide, SWEEP_INTERVAL_SECONDS: '1' }));
  try {
    let sweptAfterMs = null;
    const poll = (async () => {
      while (sweptAfterMs === null && Date.now() - startedAt < 30_000) {
        if ((await reclaimedRows(server.origin)) >= count) sweptAfterMs = Date.now() - startedAt;
        else await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const during = await lookups(server.origin, code, 12);
    await poll;
    return { sweptAfterMs, lookupP99Ms: during.p99Ms };
  } finally {
    await server.stop();
  }
}
