import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import type { BlobStore } from '../../infra/blob/port.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { sha256Base64 } from '../../infra/runtime/secrets-hash.js';
import { isOutOfSpace } from '../../infra/disk/port.js';
import { markDeleted } from './share-endings.js';
import { storedFilesOf } from '../files/stored-files.js';

export interface ShareDeletionDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  clock: Clock;
  /** Ends the resumable uploads stored under these keys (a share deleted mid-upload). */
  forgetUploads?(keys: readonly string[]): Promise<void>;
}

/** Longest `Authorization` value looked at: a delete token is 43 characters. */
const maxTokenChars = 256;

/** The bearer token of an `Authorization` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined || header.length > maxTokenChars) return null;
  const match = /^Bearer +([A-Za-z0-9_-]+={0,2}) *$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The creator deletes a share with the token its creation answered (docs/api.md#delete-now).
 * The row is made gone at once, its secrets cleared in the same statement, and its files
 * deleted now rather than at the next sweep; the sweeper removes the row. A wrong or
 * missing token is refused the same way whether the code exists or not, so the endpoint
 * cannot be used to test codes. Deleting an already gone share again succeeds; a share held
 * for review cannot be deleted by its creator (409 SHARE_UNDER_REVIEW).
 */
export async function deleteShare(
  deps: ShareDeletionDeps,
  code: string,
  token: string | null,
): Promise<void> {
  if (token === null) throw wrongToken();
  const tokenHash = sha256Base64(token);
  let deleted;
  try {
    deleted = await markDeleted(deps.db, code, tokenHash, deps.clock.now());
  } catch (error) {
    // A full disk cannot record the deletion: the files go first, which makes the room.
    if (!isOutOfSpace(error) || !(await deleteFilesFirst(deps, code, tokenHash))) throw error;
    deleted = await markDeleted(deps.db, code, tokenHash, deps.clock.now());
  }
  if (deleted === null) throw wrongToken();
  // Held for review: its creator could otherwise wipe the evidence before an operator looks.
  if ('underReview' in deleted) throw new AppError('SHARE_UNDER_REVIEW');
  // A blob that cannot be deleted now is deleted by the sweeper with the row.
  await deps.forgetUploads?.(deleted.blobKeys).catch(() => undefined);
  await Promise.allSettled(deleted.blobKeys.map((key) => deps.blobs.delete(key)));
}

/**
 * Deletes the files of the share `code` if `tokenHash` is its delete token's and it is not
 * held for review (a read, which needs no room); false when there were none to delete.
 */
async function deleteFilesFirst(
  deps: ShareDeletionDeps,
  code: string,
  tokenHash: string,
): Promise<boolean> {
  const row = await deps.db
    .selectFrom('shares')
    .select('files')
    .where('code', '=', code)
    .where('delete_token_hash', '=', tokenHash)
    .where('quarantined_at', 'is', null)
    .executeTakeFirst();
  const keys = row === undefined ? [] : storedFilesOf(row).map((file) => file.key);
  await Promise.all(keys.map((key) => deps.blobs.delete(key)));
  return keys.length > 0;
}

export function wrongToken(): AppError {
  return new AppError('FORBIDDEN', 'This delete token does not match this code.');
}
