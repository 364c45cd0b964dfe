import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { deleteExpiredGrants } from '../downloads/download-grants.repository.js';
import type { ShareEnds } from '../shares/share-ends.js';

export interface SweepResult {
  rows: number;
  blobs: number;
  orphans: number;
}

export interface SweeperDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Reclaims due shares: their rows, then their blobs (share-ends.ts). */
  ends: Pick<ShareEnds, 'reclaim'>;
  /** Abandons resumable uploads idle or starved too long, so this very run reclaims them. */
  abandonStalledUploads?(now: Date): Promise<number>;
  /** Deletes blobs no row references whose name is over an hour old; returns how many. */
  sweepOrphans?(now: Date): Promise<number>;
  /** Runs after every sweep, e.g. to compact the database once rows were deleted. */
  afterSweep?(result: SweepResult): Promise<void>;
  batchSize?: number;
  /** Batches one run may take at most; a backlog larger than that waits for the next run. */
  maxBatches?: number;
}

/**
 * Reclaims shares whose `reclaim_after` has passed in bounded batches: each batch deletes
 * its rows (one statement) and then their blobs. Safe with several instances sweeping at
 * once (each row is deleted by one of them) and with grants issued meanwhile (see
 * deleteReclaimable in shares/repository/endings.ts). A blob whose delete fails is left for
 * the orphan sweep.
 */
export function createSweeper(deps: SweeperDeps) {
  // Small batches keep each statement short (lookups wait behind it on SQLite); many of them
  // let one run clear a backlog of 100 000 shares in a few seconds.
  const batchSize = deps.batchSize ?? 500;
  const maxBatches = deps.maxBatches ?? 1_000;

  return {
    async runOnce(options: { orphans?: boolean } = {}): Promise<SweepResult> {
      const result: SweepResult = { rows: 0, blobs: 0, orphans: 0 };
      await deps.abandonStalledUploads?.(deps.clock.now());
      for (let batch = 0; batch < maxBatches; batch++) {
        const reclaimed = await deps.ends.reclaim(deps.clock.now(), batchSize);
        result.rows += reclaimed.rows;
        result.blobs += reclaimed.blobs;
        if (reclaimed.rows < batchSize) break;
        // SQLite runs each statement synchronously, and without a turn of the event loop
        // between batches a backlog's hundreds of them ran back to back as one stall of
        // most of a second: no request was answered until the whole backlog was gone.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await deleteExpiredGrants(deps.db, deps.clock.now());
      if (options.orphans && deps.sweepOrphans !== undefined) {
        result.orphans = await deps.sweepOrphans(deps.clock.now());
      }
      await deps.afterSweep?.(result);
      return result;
    },
  };
}

export type Sweeper = ReturnType<typeof createSweeper>;
