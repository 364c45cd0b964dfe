import { pipeline, type Readable } from 'node:stream';
import { messages, type CreateFileResponse } from '@codedrop/contract';
import { bundleBlobKey, newBlobKey, BlobUnavailableError } from '../../infra/blob/port.js';
import { AppError } from '../../http/app-error.js';
import { ByteLimit, ByteLimitExceededError } from './byte-limit.js';
import { isOutOfSpace } from '../../infra/disk/port.js';
import { malformedUpload, storageFullError, tooLargeError } from './files.errors.js';
import type { CodeAllocator } from '../shares/codes/code-allocator.js';
import { encryptedSize, plaintextSize } from '@codedrop/crypto';
import { createFileDownloads, type FileDownloadDeps } from '../downloads/downloads.service.js';
import { cleanMimeType, cleanUploadName, encryptedFileName } from './file-names.js';
import type { RecoveryEscrow } from '../recovery/recovery-escrow.js';
import { storedFileBytes, type NewShare } from '../shares/repository/index.js';
import { submissionBytes } from '../requests/submissions.repository.js';
import { shareBasics } from '../shares/new-share.js';
import { fileColumnsFor, fileEntries, type StoredFile } from './stored-files.js';
import type { ShareEnds } from '../shares/share-ends.js';
import { createResumableService, type ResumableDeps } from './resumable.service.js';
import { completeUpload } from './upload-completion.js';
import { parseUploadFields, type UploadFields } from './upload-fields.js';

export interface FileServiceDeps extends FileDownloadDeps {
  codes: CodeAllocator;
  escrow: RecoveryEscrow;
  limits: {
    maxFileBytes: number;
    expiryChoicesSeconds: number[];
    defaultExpirySeconds: number;
    unlockMaxFailures: number;
    maxTextChars: number;
    /** 0 = no quota. */
    maxStorageBytes: number;
  };
  /** Told when an upload found the disk full (health answers are then stale). */
  onOutOfSpace?: () => void;
  ends: Pick<ShareEnds, 'endShare' | 'releaseBlobs'>;
  uploads: ResumableDeps['uploads'];
  diskRoom: ResumableDeps['diskRoom'];
  /** The caps on one client's running resumable uploads; null with RATE_LIMIT_DISABLED. */
  reservations: ResumableDeps['reservations'];
}

export interface IncomingFile {
  fileName: string;
  mimeType: string | undefined;
  stream: Readable;
}

/** A stored upload not yet a share: the row is written once the whole body was read. */
export type StoredBlob = StoredFile & { sha256: string };

/**
 * File shares, the upload service behind all three doors: an upload is admitted
 * (upload-admission.ts), streamed into the blob store and completed (upload-completion.ts);
 * `resumable` is its tus side. Downloads are taken and signed by downloads.service.ts.
 */
export function createFileService(deps: FileServiceDeps) {
  const { limits } = deps;
  // The stored total is summed at most once a second; uploads in flight between two sums
  // can overshoot the quota by their own sizes, never by more.
  let stored: { bytes: number; at: number } | null = null;

  /** Refuses an upload of `bytes` with 507 once MAX_STORAGE_BYTES would be passed. */
  async function assertStorageRoom(bytes: number): Promise<void> {
    if (limits.maxStorageBytes === 0) return;
    const now = Date.now();
    if (stored === null || now - stored.at > 1_000) {
      // Shares' files and requests' submissions take room alike.
      const [files, submissions] = await Promise.all([
        storedFileBytes(deps.db),
        submissionBytes(deps.db),
      ]);
      stored = { bytes: files + submissions, at: now };
    }
    if (stored.bytes + bytes > limits.maxStorageBytes) {
      throw storageFullError();
    }
    stored.bytes += bytes;
  }

  const parseFields = (raw: Record<string, string>) => parseUploadFields(raw, limits);

  /**
   * Streams one file of the upload straight into the blob store, cut off the moment the
   * share's files together pass MAX_FILE_BYTES (`before`: the files already stored). The
   * share row is written by `complete` only once the whole request has been read, so a body
   * that fails after a file (a bad part, a truncated ending) keeps nothing.
   */
  async function storeBlob(
    fields: UploadFields,
    file: IncomingFile,
    before: readonly StoredBlob[] = [],
  ): Promise<StoredBlob> {
    const encrypted = fields.encryptedPayload !== undefined;
    const name = cleanUploadName(file.fileName);
    if (name === '') {
      file.stream.resume();
      throw AppError.validation('file', messages.fileRequired);
    }
    const [first] = before;
    const key =
      first === undefined
        ? newBlobKey(encrypted ? null : name, deps.clock.now().getTime())
        : bundleBlobKey(first.key, before.length, encrypted ? null : name);
    const limit = new ByteLimit(roomLeft(before, encrypted));
    // pipeline listens for 'error' on both streams from the first moment: a body that
    // fails while the store is still opening its file can no longer go unhandled.
    pipeline(file.stream, limit, () => {});
    const mime = encrypted ? 'application/octet-stream' : cleanMimeType(file.mimeType);
    let size: number;
    try {
      ({ size } = await deps.blobs.put(key, limit, { contentType: mime }));
    } catch (error) {
      if (error instanceof ByteLimitExceededError) {
        throw tooLargeError(limits.maxFileBytes, before.length > 0);
      }
      // The disk had no room after all (something else filled it): nothing of the file is
      // kept (the store removed it), and the upload is answered as the reserve would have.
      if (isOutOfSpace(error)) {
        deps.onOutOfSpace?.();
        throw storageFullError();
      }
      if (error instanceof BlobUnavailableError) {
        throw new AppError('SERVICE_UNAVAILABLE', messages.uploadFailed, {
          retryAfterSeconds: 30,
        });
      }
      // Anything else ended the request body itself: truncated, garbled or aborted.
      if (file.stream.errored !== null || limit.errored !== null) throw malformedUpload();
      throw error;
    }
    const sha256 = limit.sha256();
    const blob = { key, name: encrypted ? encryptedFileName : name, mime, size, sha256 };
    if (encrypted && plaintextSize(size) === null) {
      await discard(blob);
      throw AppError.validation('file', 'The encrypted file is malformed (its size is impossible)');
    }
    return blob;
  }

  /**
   * Stored bytes the next file may take: what is left of MAX_FILE_BYTES after the files
   * before it. Encrypted files are measured by their plaintext (each stream adds its own
   * header and tags), so the next one may store the ciphertext of the plaintext left.
   */
  function roomLeft(before: readonly StoredBlob[], encrypted: boolean): number {
    const plain = (blob: StoredBlob) => (encrypted ? (plaintextSize(blob.size) ?? 0) : blob.size);
    const left = Math.max(0, limits.maxFileBytes - before.reduce((n, b) => n + plain(b), 0));
    return encrypted ? encryptedSize(left) : left;
  }

  /** Gives a stored blob up when its request failed after it: nothing of it is kept. */
  async function discard(blob: StoredBlob): Promise<void> {
    await deps.blobs.delete(blob.key).catch(() => {});
  }

  /**
   * Completes a multipart or `PUT` upload once its whole body is stored: the blobs become
   * one share, or are all discarded (upload-completion.ts).
   */
  async function complete(fields: UploadFields, blobs: readonly StoredBlob[]) {
    return completeUpload(deps, { files: blobs }, () => insertRow(fields, blobs, null));
  }

  /**
   * Writes the share of the stored blobs. With `uploading`, the one blob is a resumable
   * upload that has only begun, by the client `uploading.client` (a keyed hash): the share
   * exists at once, with its declared size, and becomes downloadable when it completes.
   */
  async function insertRow(
    fields: UploadFields,
    blobs: readonly StoredFile[],
    uploading: { client: string } | null,
  ): Promise<CreateFileResponse> {
    const fileColumns = fileColumnsFor(blobs);
    const encrypted = fields.encryptedPayload !== undefined;
    const { columns, ...created } = shareBasics(deps.clock, deps.escrow, {
      ...fields,
      expiresInSeconds: fields.expiresIn,
    });
    const code = await deps.codes.allocate((code): NewShare => ({
      code,
      type: 'file',
      is_encrypted: encrypted,
      encrypted_payload:
        fields.encryptedPayload === undefined ? null : JSON.stringify(fields.encryptedPayload),
      ...fileColumns,
      max_downloads: fields.maxDownloads,
      ...columns,
      ...(uploading
        ? {
            upload_received: 0,
            upload_touched_at: columns.created_at,
            upload_client: uploading.client,
          }
        : {}),
    }));
    return {
      code,
      type: 'file',
      ...created,
      maxDownloads: fields.maxDownloads,
      files: fileEntries(blobs, encrypted),
    };
  }

  const resumable = createResumableService({
    ...deps,
    maxFileBytes: limits.maxFileBytes,
    parseFields,
    beginShare: (fields, file, client) => insertRow(fields, [file], { client }),
  });

  return {
    parseFields,
    assertStorageRoom,
    storeBlob,
    complete,
    discard,
    resumable,
    ...createFileDownloads(deps),
  };
}

export type FileService = ReturnType<typeof createFileService>;
