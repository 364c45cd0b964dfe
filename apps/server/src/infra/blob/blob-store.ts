import type { Readable } from 'node:stream';

/** The object does not exist (never stored, deleted, or reclaimed). */
export class BlobNotFoundError extends Error {
  override readonly name = 'BlobNotFoundError';
}

/** The store cannot be reached or failed; the underlying error is attached as `cause`. */
export class BlobUnavailableError extends Error {
  override readonly name = 'BlobUnavailableError';
}

/** Inclusive byte offsets, like an HTTP Range header. */
export interface BlobRange {
  start: number;
  end: number;
}

/**
 * Where file bytes live. Error semantics shared by every adapter:
 * - a missing object → BlobNotFoundError (only from get/stat);
 * - the store failing or unreachable → BlobUnavailableError with the cause attached;
 * - a key that `newBlobKey` could not have produced, or a range that is not a
 *   non-negative integer pair with start ≤ end, or that starts at or past the end of the
 *   object → RangeError (a programming error, never a user-visible condition).
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /**
   * Streams `body` into a new object. Resolves with the byte count once the object is
   * completely and durably stored. If `body` errors or is destroyed mid-way (client abort,
   * size limit), rejects with that error (a premature close rejects with Node's
   * ERR_STREAM_PREMATURE_CLOSE) and nothing of the object remains (local: temp file removed;
   * S3: multipart aborted). If the store fails, rejects with BlobUnavailableError and
   * destroys `body`, whose bytes have nowhere to go. `contentType` is kept by S3 only.
   */
  put(key: string, body: Readable, opts?: { contentType?: string }): Promise<{ size: number }>;
  /** A read stream of the whole object or an inclusive range. BlobNotFoundError if missing. */
  get(key: string, range?: BlobRange): Promise<Readable>;
  /** Size and last-modified; BlobNotFoundError if missing. */
  stat(key: string): Promise<{ size: number; lastModified: Date }>;
  /** Deletes; a missing object counts as deleted (no error). */
  delete(key: string): Promise<void>;
  /**
   * Every object in the store whose name is a blob key (for the orphan sweep), paged
   * internally. Objects named otherwise (foreign objects in a shared bucket) are skipped.
   */
  list(): AsyncIterable<{ key: string; lastModified: Date }>;
  /**
   * S3 only: a presigned GET URL valid `expiresInSeconds`, forcing Content-Disposition:
   * attachment (ASCII fallback + RFC 5987 filename*) and the given Content-Type.
   */
  presignGet?(
    key: string,
    opts: { fileName: string; contentType: string; expiresInSeconds: number },
  ): Promise<string>;
  /**
   * Removes what puts interrupted by a crash left behind (local: temp files last written
   * before `olderThan`, and at once those of a process of this machine that died; S3:
   * multipart uploads initiated before it) and resolves with how many it removed. Such leftovers are invisible to get/stat/list. Safe to run from
   * several instances at once.
   */
  sweepIncomplete?(
    olderThan: Date,
    /**
     * Which of these keys a share owns: their unfinished uploads are resumable uploads still
     * running (S3 multipart uploads of tus), and are left alone.
     */
    owned?: (keys: string[]) => Promise<Set<string>>,
  ): Promise<number>;
  /** true when the store answers (used by /healthz). Never throws. */
  health(): Promise<boolean>;
  /** S3 only: the health check's failure in words for the start-up log, or null. Never throws. */
  problem?(): Promise<string | null>;
  close(): Promise<void>;
}
