import type { Kysely } from 'kysely';
import type { BlobStore } from '../../infra/blob/port.js';
import type { Database } from '../../infra/db/port.js';
import { isOutOfSpace } from '../../infra/disk/port.js';
import { addSeconds, type Clock } from '../../infra/runtime/clock.js';
import { deleteReportsOf } from '../moderation/reports.repository.js';
import { deleteSubmissionsOf, submissionBlobKeys } from '../requests/submissions.repository.js';
import type { GoneReason } from './share-record.js';
import {
  abandonStalledUploads,
  abandonStarvedUpload,
  burnShare,
  deletableState,
  deleteReclaimable,
  deleteShareRow,
  destroyShare,
  filesDeletableWithToken,
  markDeletedWithToken,
  markUploadGivenUp,
  type ShareRef,
} from './repository/index.js';

/** How long a share made gone early keeps answering 410 before it is reclaimed. */
export const goneGraceSeconds = 300;

/**
 * Why a share ends. A GoneReason (burnt, exhausted, destroyed, deleted, abandoned) is kept
 * in `gone_reason` and answered 410 with its own problem until the sweeper reclaims the row;
 * `removed` (by an operator), `blocked` and `failed-upload` delete the row now (404 after);
 * an `expired` share ends by its expiry alone and is reclaimed like the gone ones.
 */
export type EndReason = GoneReason | 'expired' | 'removed' | 'blocked' | 'failed-upload';

/**
 * One share's ending, by reason. Not here: `expired` (reclaim() deletes the row once its
 * time has come) and `exhausted` (set by the conditional UPDATE that takes the last
 * download, countDownload in repository/lookups.ts, which must be that very statement).
 */
export type ShareEnd =
  /** Burnt by its one read; `ended` for exactly one caller. */
  | { reason: 'burnt'; code: string }
  /** The wrong key that took the last unlock attempt. */
  | { reason: 'destroyed'; code: string }
  /** Deleted by its creator with its delete token; its files are deleted now. */
  | { reason: 'deleted'; code: string; tokenHash: string }
  /** Its uploader gave the running upload up (tus termination, which removed its bytes). */
  | { reason: 'deleted'; uploadKey: string }
  /** A running upload that starved, judged on the bytes it had `received`. */
  | { reason: 'abandoned'; code: string; received: number }
  /** An operator removed or blocked it, or its creation failed: the row goes now. */
  | { reason: 'removed' | 'blocked' | 'failed-upload'; code: string }
  /** Its finished upload's bytes are on the block list. */
  | { reason: 'blocked'; uploadKey: string };

/**
 * `ended`: this call ended it. `already-gone`: its creator deleted an already gone share.
 * `under-review`: held for an operator's review, its creator may not delete it. `none`: no
 * share in a state this ending applies to (no row, wrong token, lost a race).
 */
export type EndOutcome = 'ended' | 'already-gone' | 'under-review' | 'none';

export interface ShareEndsDeps {
  db: Kysely<Database>;
  clock: Clock;
  blobs: Pick<BlobStore, 'delete'>;
  /** Forgets the resumable uploads stored under these keys (their records, S3 parts). */
  forgetUploads?(keys: readonly string[]): Promise<void>;
}

/** Every path that ends a share, and the one way their blobs are let go. */
export function createShareEnds(deps: ShareEndsDeps) {
  const { db, clock } = deps;

  /**
   * Forgets the resumable uploads under `keys`, then deletes their blobs; never throws and
   * answers how many blobs were deleted. A blob that cannot be deleted now is left to the
   * sweeper (while a row owns it) or the orphan sweep (once none does).
   */
  async function releaseBlobs(keys: readonly string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const forget = async () => {
      try {
        await deps.forgetUploads?.(keys);
        return true;
      } catch {
        return false;
      }
    };
    const forgotten = await forget();
    const outcomes = await Promise.allSettled(keys.map((key) => deps.blobs.delete(key)));
    // On a full disk forgetting may have needed the room the deletes have just made.
    if (!forgotten) await forget();
    return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  }

  /**
   * The keys of the blobs an ended row held: a share's files, or a request's submissions
   * (whose rows go now, whether the request's row goes now or is reclaimed later).
   */
  async function blobsOfEnded(
    ended: ReadonlyArray<{ code: string; blobKeys: string[]; isRequest: boolean }>,
  ): Promise<string[]> {
    const requests = ended.filter((row) => row.isRequest).map((row) => row.code);
    const submissionKeys = await deleteSubmissionsOf(db, requests);
    return [...ended.flatMap((row) => row.blobKeys), ...submissionKeys];
  }

  /** The row, its reports and its blobs go now: the code answers 404 from here on. */
  async function deleteNow(which: ShareRef): Promise<EndOutcome> {
    const deleted = await deleteShareRow(db, which);
    if (deleted === null) return 'none';
    await deleteReportsOf(db, [deleted.code]);
    await releaseBlobs(await blobsOfEnded([deleted]));
    return 'ended';
  }

  async function deleteWithToken(code: string, tokenHash: string): Promise<EndOutcome> {
    // Its recipients are told it was deleted for as long as after any early end, not only
    // until the next sweep happens to come.
    const reclaimAfter = addSeconds(clock.now(), goneGraceSeconds);
    const deleted = await markDeletedWithToken(db, code, tokenHash, reclaimAfter);
    if (deleted !== null) {
      await releaseBlobs(await blobsOfEnded([{ code, ...deleted }]));
      return 'ended';
    }
    const kept = await deletableState(db, code, tokenHash);
    if (kept === null) return 'none';
    // Held for review: its creator could otherwise wipe the evidence before an operator looks.
    if (kept.underReview) return 'under-review';
    // Released from review between the two statements: it can be deleted now.
    if (!kept.gone) return deleteWithToken(code, tokenHash);
    return 'already-gone';
  }

  async function deleteByCreator(code: string, tokenHash: string): Promise<EndOutcome> {
    try {
      return await deleteWithToken(code, tokenHash);
    } catch (error) {
      // A full disk cannot record the deletion: the files go first, which makes the room.
      if (!isOutOfSpace(error)) throw error;
      const keys = await filesDeletableWithToken(db, code, tokenHash);
      // A request's blobs are its submissions': read, which needs no room either.
      if (keys.length === 0) keys.push(...(await submissionBlobKeys(db, [code])));
      if (keys.length === 0) throw error;
      await releaseBlobs(keys);
      return deleteWithToken(code, tokenHash);
    }
  }

  const outcome = (ended: boolean): EndOutcome => (ended ? 'ended' : 'none');

  /** Told of every share ended early by code (a live room's devices are told at once). */
  const endListeners: Array<(code: string, reason: ShareEnd['reason']) => void> = [];

  async function endOne(end: ShareEnd): Promise<EndOutcome> {
    const ended = await endByReason(end);
    if (ended === 'ended' && 'code' in end) {
      for (const listener of endListeners) listener(end.code, end.reason);
    }
    return ended;
  }

  /** Each reason's statement is chosen here, and only here. */
  async function endByReason(end: ShareEnd): Promise<EndOutcome> {
    const now = clock.now();
    switch (end.reason) {
      case 'burnt':
        return outcome(await burnShare(db, end.code, now, addSeconds(now, goneGraceSeconds)));
      case 'destroyed': {
        const destroyed = await destroyShare(db, end.code, addSeconds(now, goneGraceSeconds));
        if (destroyed === null) return 'none';
        await releaseBlobs(await blobsOfEnded([{ code: end.code, blobKeys: [], ...destroyed }]));
        return 'ended';
      }
      case 'deleted':
        if ('uploadKey' in end) return outcome(await markUploadGivenUp(db, end.uploadKey, now));
        return deleteByCreator(end.code, end.tokenHash);
      case 'abandoned':
        return outcome(await abandonStarvedUpload(db, end.code, end.received, now));
      case 'removed':
      case 'blocked':
      case 'failed-upload':
        return deleteNow(end);
    }
  }

  return {
    releaseBlobs,

    /** Ends one share for `end.reason`. */
    endShare: endOne,

    /** Calls `listener` after each share that ends early, by code, with its reason. */
    onEnded(listener: (code: string, reason: ShareEnd['reason']) => void): void {
      endListeners.push(listener);
    },

    /** Abandons every running upload with no progress since `stalledBefore`; how many. */
    abandonStalledUploads: (stalledBefore: Date) =>
      abandonStalledUploads(db, stalledBefore, clock.now()),

    /**
     * Reclaims up to `limit` shares whose reclaim_after has passed at `now` (expired ones,
     * and those ended early once their grace is over): rows and their reports first, then
     * their blobs.
     */
    async reclaim(now: Date, limit: number): Promise<{ rows: number; blobs: number }> {
      const deleted = await deleteReclaimable(db, now, limit);
      await deleteReportsOf(
        db,
        deleted.map((share) => share.code),
      );
      const blobs = await releaseBlobs(await blobsOfEnded(deleted));
      return { rows: deleted.length, blobs };
    },
  };
}

export type ShareEnds = ReturnType<typeof createShareEnds>;
