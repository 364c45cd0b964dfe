// Live rooms (docs/benchmarks.md#live-rooms): 5 000 idle event streams held open on one
// worker (250 rooms of 20 devices), what they cost in RSS and in lookups (against a twin
// server that holds none); and how long an edit takes to reach another instance's device.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { compareThroughput, getRequest, steadyState } from './api-throughput.mjs';
import { startCodeDrop } from './codedrop-server.mjs';
import { withFreshDatabase } from './fresh-postgres.mjs';
import { readMemory } from './memory-probe.mjs';

export const idleStreamBars = { streams: 5_000, lookups: 0.9, rssGrowthMiB: 150 };
const devicesPerRoom = 20;
const measured = steadyState;

async function post(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * One device's stream on a raw socket: nothing of it is parsed, so the load generator
 * costs the machine no more than the sockets themselves. Resolves once the 200 and the
 * first event (the text) have come.
 */
function openStream(origin, code) {
  const { hostname, port } = new URL(origin);
  const device = randomBytes(12).toString('base64url');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let head = '';
    const onData = (chunk) => {
      head += chunk.toString('latin1');
      if (!head.startsWith('HTTP/1.1 200')) {
        if (head.includes('\r\n\r\n')) {
          socket.destroy();
          reject(new Error(`a room stream was refused: ${head.split('\r\n')[0]}`));
        }
        return;
      }
      if (!head.includes('event: text')) return;
      socket.off('data', onData);
      // Later events are read and dropped, as an idle device's browser would read them.
      socket.on('data', () => {});
      resolve(socket);
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(
      `GET /api/rooms/${code}/events?device=${device} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`,
    );
  });
}

/**
 * The row: lookups on a server holding the streams ÷ lookups on a twin holding none, both
 * as shipped (one worker, SQLite) and measured in alternate rounds (compareThroughput), so
 * that the machine's drift falls on both; and the holder's RSS growth from before the first
 * stream to the larger of after the last one opened and after the lookups.
 */
export async function idleStreams(dataDir, twinDir, start, shortText) {
  const holder = await start(startCodeDrop(dataDir));
  const twin = await start(startCodeDrop(twinDir));
  const sockets = [];
  try {
    const lookup = async (server) => {
      const { code } = await post(`${server.origin}/api/shares`, shortText);
      return { ...getRequest(`${server.origin}/api/shares/${code}`), connections: 50 };
    };
    const [withStreams, without] = [await lookup(holder), await lookup(twin)];
    const rooms = [];
    for (let i = 0; i < idleStreamBars.streams / devicesPerRoom; i++) {
      rooms.push((await post(`${holder.origin}/api/rooms`, { text: 'idle' })).code);
    }
    const before = readMemory(holder.pid).rssKiB;
    for (const room of rooms) {
      const opened = await Promise.all(
        Array.from({ length: devicesPerRoom }, () => openStream(holder.origin, room)),
      );
      sockets.push(...opened);
    }
    const opened = readMemory(holder.pid).rssKiB;
    const result = await compareThroughput(withStreams, without, measured);
    const rssGrowthKiB = Math.max(opened, readMemory(holder.pid).rssKiB) - before;
    const ratio = result.codedrop.requestsPerSecond / result.bare.requestsPerSecond;
    const rssPass = rssGrowthKiB <= idleStreamBars.rssGrowthMiB * 1024;
    return {
      name: `GET text share, ${idleStreamBars.streams.toLocaleString('en-US')} idle room streams open`,
      ...result,
      ratio,
      bar: idleStreamBars.lookups,
      pass: ratio >= idleStreamBars.lookups && rssPass,
      rssGrowthKiB,
      notes:
        `baseline = a twin server with no stream open; RSS growth with them ` +
        `${(rssGrowthKiB / 1024).toFixed(1)} MiB (bar ≤ ${idleStreamBars.rssGrowthMiB} MiB)`,
    };
  } finally {
    for (const socket of sockets) socket.destroy();
    await holder.stop();
    await twin.stop();
  }
}

export const editLatencyBarMs = 300;
const edits = 200;

/** A device's stream read with fetch: resolves each awaited version as its event arrives. */
async function watchVersions(origin, code) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/rooms/${code}/events?device=watcher-device`, {
    signal: controller.signal,
  });
  if (!response.ok) throw new Error(`the room stream answered ${response.status}`);
  const waiting = new Map();
  const arrived = new Map();
  (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const id = /^id: (\d+)$/m.exec(buffer.slice(0, end))?.[1];
          buffer = buffer.slice(end + 2);
          if (id === undefined) continue;
          const at = performance.now();
          arrived.set(Number(id), at);
          waiting.get(Number(id))?.(at);
        }
      }
    } catch {
      // Aborted when the row is done.
    }
  })();
  return {
    arrival: (version) =>
      arrived.has(version)
        ? Promise.resolve(arrived.get(version))
        : new Promise((resolve) => waiting.set(version, resolve)),
    close: () => controller.abort(),
  };
}

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

/**
 * How long an edit takes to reach a device on another instance: two instances as shipped on
 * one fresh PostgreSQL database (the bus is LISTEN/NOTIFY), edits sent one after another to
 * one, each timed from its POST until its event arrives on the other's stream. The baseline
 * column is the edit's own answer, the part of it that is one ordinary request.
 */
export async function editLatency(dataDir, start) {
  return withFreshDatabase('codedrop_rooms', async (databaseUrl) => {
    const env = { DATABASE_URL: databaseUrl };
    const servers = [];
    try {
      const one = await start(startCodeDrop(dataDir, env));
      servers.push(one);
      const two = await start(startCodeDrop(`${dataDir}-two`, env));
      servers.push(two);
      const { code } = await post(`${one.origin}/api/rooms`, { text: '' });
      const watcher = await watchVersions(two.origin, code);
      await watcher.arrival(0);
      const relayed = [];
      const answered = [];
      for (let version = 1; version <= edits; version++) {
        const sent = performance.now();
        await post(`${one.origin}/api/rooms/${code}/edits`, {
          text: `edit ${version}: ${'x'.repeat(200)}`,
          baseVersion: version - 1,
          device: 'editor-device',
        });
        answered.push(performance.now() - sent);
        relayed.push((await watcher.arrival(version)) - sent);
      }
      watcher.close();
      const p95 = percentile(relayed, 0.95);
      return {
        name: 'Room edit to a device on another instance, p95',
        p95Ms: p95,
        answerP95Ms: percentile(answered, 0.95),
        pass: p95 <= editLatencyBarMs,
        notes: `${edits} edits in turn, two instances on PostgreSQL (LISTEN/NOTIFY); median ${percentile(relayed, 0.5).toFixed(1)} ms`,
      };
    } finally {
      for (const server of servers.reverse()) await server.stop();
    }
  });
}
