import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { AppError } from '../../http/app-error.js';
import { uploadShareState } from '../shares/repository/index.js';
import { goneErrorCode } from '../shares/share-record.js';

// The share side of a resumable upload (docs/api.md#resumable-uploads) is kept by the
// shares repository (shares/repository/uploads.ts); this is what the tus door answers of it.

/**
 * Why the share of the upload stored under `blobKey` takes no more bytes: deleted, expired
 * or otherwise ended (410), or abandoned and about to be reclaimed (404); null while it can
 * (or when no share has it, which the store answers for itself).
 */
export async function endedUploadError(db: Kysely<Database>, blobKey: string, now: Date) {
  const ended = await uploadShareState(db, blobKey);
  if (ended === null) return null;
  if (!ended.gone && ended.expiresAt > now) return null;
  if (ended.goneReason === 'abandoned') return new AppError('UPLOAD_NOT_FOUND');
  return new AppError(goneErrorCode(ended, now));
}
