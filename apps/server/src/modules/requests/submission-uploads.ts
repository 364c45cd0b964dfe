import { encryptedSize } from '@codedrop/crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { giveSubmissionSlotBack, requestCodes } from '../shares/repository/index.js';
import type { ShareEnds } from '../shares/share-ends.js';
import { deleteOrphanSubmissions } from './submissions.repository.js';
import {
  deleteRunningSubmission,
  deleteStalledSubmissions,
} from './submissions-uploads.repository.js';

// The files of a submission come through the tus door (modules/files/tus.routes.ts) as one
// upload whose id is the submission's blob key; this is what becomes of its row and its
// slot when that upload does not finish.

/**
 * The most bytes one submission's upload may declare: its files' streams back to back,
 * MAX_FILE_BYTES of plaintext in all, MAX_FILES_PER_SHARE files. Each stream beyond the
 * first adds at most one empty stream's overhead to what one stream of the total takes.
 */
export function maxSubmissionBytes(limits: { maxFileBytes: number; maxFilesPerShare: number }) {
  return encryptedSize(limits.maxFileBytes) + (limits.maxFilesPerShare - 1) * encryptedSize(0);
}

/**
 * The submission whose upload runs under `key` goes (its creation failed, or its sender
 * gave it up) and its request's slot is free again; false when there was none. Its bytes
 * are the caller's to delete.
 */
export async function dropRunningSubmission(db: Kysely<Database>, key: string) {
  const code = await deleteRunningSubmission(db, key);
  if (code === null) return false;
  await giveSubmissionSlotBack(db, code);
  return true;
}

/**
 * Submissions whose upload made no progress since `stalledBefore` go with their bytes, and
 * their slots are free again; how many. So do submissions left without a request (see
 * deleteOrphanSubmissions), which the sweeper finds here too.
 */
export async function abandonStalledSubmissions(
  db: Kysely<Database>,
  ends: Pick<ShareEnds, 'releaseBlobs'>,
  stalledBefore: Date,
): Promise<number> {
  const stalled = await deleteStalledSubmissions(db, stalledBefore);
  for (const { code } of stalled) await giveSubmissionSlotBack(db, code);
  const orphans = await deleteOrphanSubmissions(db, requestCodes(db));
  const stalledKeys = stalled.flatMap(({ blobKey }) => (blobKey === null ? [] : [blobKey]));
  await ends.releaseBlobs([...stalledKeys, ...orphans]);
  return stalled.length;
}
