import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { messages } from '@codedrop/contract';
import { AppError } from '../../http/app-error.js';
import { isBlocked } from '../moderation/blocked-hashes.repository.js';
import type { ShareEnds } from '../shares/share-ends.js';

/** A stored file as its completion sees it: where, and the SHA-256 of its bytes. */
export interface StoredBytes {
  key: string;
  sha256: string;
}

/** Every bit of an upload stored: its files, and the running share a tus upload was given. */
export interface FinishedUpload {
  files: readonly StoredBytes[];
  /** A resumable upload's key: its share exists since its creation, waiting for these bytes. */
  uploadKey?: string;
}

export interface CompletionDeps {
  db: Kysely<Database>;
  ends: Pick<ShareEnds, 'endShare' | 'releaseBlobs'>;
}

/**
 * The last step of every upload, whichever its door, once all its bytes are stored: each
 * file's SHA-256 is checked against the block list, then `ready` records the files' sizes
 * and hashes and makes the share downloadable. Blocked bytes leave nothing: the blobs go,
 * and a resumable upload's share with them. Without a share yet (multipart, `PUT`), any
 * failure deletes the blobs; a resumable upload's share keeps its bytes on other failures,
 * for the client's next request to complete.
 */
export async function completeUpload<T>(
  deps: CompletionDeps,
  upload: FinishedUpload,
  ready: () => Promise<T>,
): Promise<T> {
  try {
    if (await anyBlocked(deps.db, upload.files)) {
      if (upload.uploadKey !== undefined) {
        await deps.ends.endShare({ reason: 'blocked', uploadKey: upload.uploadKey });
      }
      throw new AppError('CONTENT_BLOCKED', messages.contentBlocked);
    }
    return await ready();
  } catch (error) {
    if (upload.uploadKey === undefined) {
      await deps.ends.releaseBlobs(upload.files.map((file) => file.key));
    }
    throw error;
  }
}

async function anyBlocked(db: Kysely<Database>, files: readonly StoredBytes[]): Promise<boolean> {
  for (const file of files) if (await isBlocked(db, file.sha256)) return true;
  return false;
}
