// Steps of the bench write hundreds of MiB (upload bodies, stored files, seeded databases),
// and Linux writes dirty pages back about 30 s later on threads of its own. On a two-core
// machine that lands in the middle of whatever is measured then, and takes CPU from the
// servers at random: `/api/config` measured 0.80× and 0.83× with 400 MiB being written back
// during its rounds, 0.90× and 0.87× when the same writes were flushed before them.
import { spawnSync } from 'node:child_process';

/** Writes back every dirty page now, before a measurement rather than during it. */
export function flushPendingWrites() {
  spawnSync('sync', { stdio: 'ignore' });
}
