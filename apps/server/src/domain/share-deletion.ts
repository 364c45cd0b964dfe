import type { Kysely } from 'kysely';
import type { Database } from '../adapters/db/schema.js';
import type { BlobStore } from '../adapters/blob/port.js';
import { AppError } from './app-error.js';
import type { Clock } from './clock.js';
import { sha256Base64 } from './secrets-hash.js';
import { markDeleted } from './share-endings.js';

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
  const deleted = await markDeleted(deps.db, code, tokenHash, deps.clock.now());
  if (deleted === null) throw wrongToken();
  // Held for review: its creator could otherwise wipe the evidence before an operator looks.
  if ('underReview' in deleted) throw new AppError('SHARE_UNDER_REVIEW');
  // A blob that cannot be deleted now is deleted by the sweeper with the row.
  await deps.forgetUploads?.(deleted.blobKeys).catch(() => undefined);
  await Promise.allSettled(deleted.blobKeys.map((key) => deps.blobs.delete(key)));
}

export function wrongToken(): AppError {
  return new AppError('FORBIDDEN', 'This delete token does not match this code.');
}
