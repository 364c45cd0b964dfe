import type { Kysely } from 'kysely';
import type { Database } from '../adapters/db/schema.js';
import type { Clock } from './clock.js';
import { deleteReclaimed, findReclaimable } from './share-repository.js';

export interface SweepResult {
  rows: number;
  blobs: number;
  orphans: number;
}

export interface SweeperDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Deletes a stored blob; a missing one counts as deleted. */
  deleteBlob(key: string): Promise<void>;
  /** Deletes blobs no row references whose name is over an hour old; returns how many. */
  sweepOrphans?(now: Date): Promise<number>;
  batchSize?: number;
  maxBatches?: number;
}

/**
 * Reclaims shares whose `reclaim_after` has passed: blob first, then the row, in bounded
 * batches. Safe with several instances sweeping at once: deleting a missing blob is a
 * success and the row delete is conditional, so overlapping sweeps only repeat work.
 */
export function createSweeper(deps: SweeperDeps) {
  const batchSize = deps.batchSize ?? 500;
  const maxBatches = deps.maxBatches ?? 20;

  return {
    async runOnce(options: { orphans?: boolean } = {}): Promise<SweepResult> {
      const result: SweepResult = { rows: 0, blobs: 0, orphans: 0 };
      for (let batch = 0; batch < maxBatches; batch++) {
        const now = deps.clock.now();
        const due = await findReclaimable(deps.db, now, batchSize);
        if (due.length === 0) break;
        const withBlob = due.filter((share) => share.blobKey !== null);
        await Promise.all(withBlob.map((share) => deps.deleteBlob(share.blobKey!)));
        result.blobs += withBlob.length;
        result.rows += await deleteReclaimed(
          deps.db,
          due.map((share) => share.code),
          now,
        );
        if (due.length < batchSize) break;
      }
      if (options.orphans && deps.sweepOrphans !== undefined) {
        result.orphans = await deps.sweepOrphans(deps.clock.now());
      }
      return result;
    },
  };
}

export type Sweeper = ReturnType<typeof createSweeper>;
