import { setTimeout as sleep } from 'node:timers/promises';
import { measureRssGrowth } from './memory-probe.mjs';
import { uploadOnce } from './upload-throughput.mjs';

/**
 * RSS growth of a fresh server during its first full-size upload, after one warm-up upload of
 * half the size. The warm-up loads every code path and grows V8's young generation; it is
 * kept smaller than the measured file on purpose: after a full-size warm-up the allocator
 * keeps the freed memory, a server that buffers the whole file reuses it, and its RSS hardly
 * moves (measured: under 19 MiB for the buffering control, versus about 41 MiB this way).
 * A fresh server per run, because every full-size upload leaves that same slack behind.
 * The servers start together, then are measured one at a time: an idle server is still a
 * fresh one, and RSS is read per process.
 */
export async function firstUploadGrowth(target, { warmup, measured, runs }) {
  const results = [];
  const servers = await Promise.all(Array.from({ length: runs }, () => target.start()));
  for (const server of servers) {
    try {
      const url = `${server.origin}${target.path}`;
      await uploadOnce(url, warmup, target.accepted(warmup));
      await sleep(500);
      results.push(
        await measureRssGrowth(server.pid, () =>
          uploadOnce(url, measured, target.accepted(measured)),
        ),
      );
    } finally {
      await server.stop();
    }
  }
  const growths = results.map((result) => result.growthKiB);
  return {
    maxKiB: Math.max(...growths),
    minKiB: Math.min(...growths),
    method: results[0].method,
  };
}
