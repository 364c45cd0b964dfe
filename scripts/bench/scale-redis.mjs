// What CodeDrop's rate-limit counters cost in Redis: memory per counter and the latency a
// lookup adds (a miss taken, then given back on a hit), on a private redis-server run the
// way docs/operations.md#scaling-out advises (no persistence). Run through pg-scale.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { freePort, stopChild } from './processes.mjs';

const server = new URL('../../apps/server/dist/', import.meta.url);

async function startRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'codedrop-redis-'));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { cwd: dir, stdio: 'ignore' },
  );
  // However the script ends, the server it started does not outlive it.
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const url = `redis://127.0.0.1:${port}`;
  const stop = async () => {
    process.off('exit', kill);
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    return { url, client: await connectWhenUp(url, child), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A client once the fresh server answers (a new one per try: ioredis retries on its own). */
async function connectWhenUp(url, child) {
  for (let attempt = 0; ; attempt++) {
    const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      return client;
    } catch (error) {
      client.disconnect();
      if (attempt > 50 || child.exitCode !== null) throw error;
      await sleep(100);
    }
  }
}

const usedMemory = async (client) =>
  Number(/used_memory:(\d+)/.exec(await client.info('memory'))[1]);

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/**
 * Memory per counter (`clients` distinct miss counters, keyed like CodeDrop's, IPv4
 * addresses) and the time of a hit's consume + refund, `pairs` times in a row.
 */
export async function redisFigures({ clients = 20_000, pairs = 5_000 } = {}) {
  const { createRedisLimiter } = await import(new URL('infra/limiter/redis.js', server));
  const redis = await startRedis();
  const limiter = createRedisLimiter(redis.url, 'codedrop:', () => {});
  try {
    await limiter.ready();
    const before = await usedMemory(redis.client);
    for (let i = 0; i < clients; i += 500) {
      const group = Array.from({ length: Math.min(500, clients - i) }, (_, j) => i + j);
      await Promise.all(
        group.map((n) =>
          limiter.consume(`miss:10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`, 30, 600),
        ),
      );
    }
    const keys = await redis.client.dbsize();
    if (keys !== clients) throw new Error(`expected ${clients} counters in Redis, found ${keys}`);
    const bytesPerCounter = Math.round(((await usedMemory(redis.client)) - before) / clients);
    const ttl = await redis.client.ttl('codedrop:limit:30:600:miss:10.0.0.1');
    if (ttl <= 0 || ttl > 600) throw new Error(`a counter's TTL is ${ttl}`);

    const times = [];
    for (let i = 0; i < pairs; i++) {
      const started = process.hrtime.bigint();
      await limiter.consume('miss:192.0.2.1', 1_000_000, 600);
      await limiter.refund('miss:192.0.2.1', 1_000_000, 600);
      times.push(Number(process.hrtime.bigint() - started) / 1_000);
    }
    times.sort((a, b) => a - b);
    return {
      bytesPerCounter,
      counterTtlSeconds: ttl,
      hitPairP50Us: Math.round(quantile(times, 0.5)),
      hitPairP99Us: Math.round(quantile(times, 0.99)),
    };
  } finally {
    await limiter.close();
    redis.client.disconnect();
    await redis.stop();
  }
}
