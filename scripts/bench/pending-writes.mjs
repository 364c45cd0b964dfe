// Steps of the bench write hundreds of MiB (upload bodies, stored files, seeded databases),
// and Linux writes dirty pages back about 30 s later on threads of its own. On a two-core
// machine that lands in the middle of whatever is measured then, and takes CPU from the
// servers at random: `/api/config` read lower with 400 MiB being written back during its
// rounds than when the same writes were flushed before them (docs/benchmarks.md).
import { spawnSync } from 'node:child_process';

/** Writes back every dirty page now, before a measurement rather than during it. */
export function flushPendingWrites() {
  spawnSync('sync', { stdio: 'ignore' });
}
