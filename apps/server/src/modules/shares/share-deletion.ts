import { AppError } from '../../http/app-error.js';
import { sha256Base64 } from '../../infra/runtime/secrets-hash.js';
import type { ShareEnds } from './share-ends.js';

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
 * deleted now rather than at the next sweep (first, when a full disk cannot record the
 * deletion); the sweeper removes the row. A wrong or missing token is refused the same way
 * whether the code exists or not, so the endpoint cannot be used to test codes. Deleting an
 * already gone share again succeeds; a share held for review cannot be deleted by its
 * creator (409 SHARE_UNDER_REVIEW).
 */
export async function deleteShare(
  ends: Pick<ShareEnds, 'endShare'>,
  code: string,
  token: string | null,
): Promise<void> {
  if (token === null) throw wrongToken();
  const tokenHash = sha256Base64(token);
  const outcome = await ends.endShare({ reason: 'deleted', code, tokenHash });
  if (outcome === 'none') throw wrongToken();
  if (outcome === 'under-review') throw new AppError('SHARE_UNDER_REVIEW');
}

export function wrongToken(): AppError {
  return new AppError('FORBIDDEN', 'This delete token does not match this code.');
}
