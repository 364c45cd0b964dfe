import {
  assertNever,
  type ErrorCode,
  type FileShareView,
  type Kdf,
  type ShareView,
} from '@codedrop/contract';
import type { ShareRecord } from './share-record.js';
import { fileEntries } from '../files/stored-files.js';

/** The API's view of a live share: metadata, plaintext when allowed, never ciphertext. */
export function toShareView(record: ShareRecord, unlockMaxFailures: number): ShareView {
  const common = {
    code: record.code,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt.toISOString(),
    status: record.uploadReceived === null ? ('ready' as const) : ('uploading' as const),
    isEncrypted: record.isEncrypted,
    burnAfterReading: record.burnAfterReading,
    ...(record.isEncrypted && record.kdf !== null
      ? {
          // Checked against the contract when the share was created.
          kdf: JSON.parse(record.kdf) as Kdf,
          attemptsLeft: Math.max(0, unlockMaxFailures - record.failedUnlocks),
        }
      : {}),
  };
  switch (record.type) {
    case 'clipboard':
    case 'notepad':
      // Plain text is in the view, unless it is to be read once (POST /read) or sealed.
      return record.isEncrypted || record.burnAfterReading
        ? { ...common, type: record.type }
        : { ...common, type: record.type, content: record.content ?? '' };
    case 'file': {
      const view: FileShareView = {
        ...common,
        type: 'file',
        files: fileEntries(record.files, record.isEncrypted),
        downloadCount: record.downloadCount,
        maxDownloads: record.maxDownloads ?? 0,
      };
      if (record.uploadReceived !== null) {
        // A resumable upload is one file, listed with the size it declared when it began.
        const totalBytes = record.files[0]?.size ?? 0;
        view.upload = { receivedBytes: Math.min(record.uploadReceived, totalBytes), totalBytes };
      }
      return view;
    }
    default:
      return assertNever(record.type);
  }
}

/** Which 410 (or 404) a share that is no longer live answers with. */
export function goneErrorCode(
  record: Pick<ShareRecord, 'goneReason' | 'expiresAt'>,
  now: Date,
): ErrorCode {
  switch (record.goneReason) {
    case 'burnt':
      return 'SHARE_BURNT';
    case 'exhausted':
      return 'DOWNLOAD_LIMIT_REACHED';
    case 'destroyed':
      return 'SHARE_DESTROYED';
    case 'deleted':
      return 'SHARE_DELETED';
    default:
      return record.expiresAt <= now ? 'SHARE_EXPIRED' : 'SHARE_NOT_FOUND';
  }
}
