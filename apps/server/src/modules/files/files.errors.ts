import { formatBytesCompact, messages } from '@codedrop/contract';
import { AppError } from '../../http/app-error.js';

/** The request body itself was broken: truncated, garbled, or cut off by the client. */
export function malformedUpload(): AppError {
  return AppError.validation('file', messages.uploadMalformed);
}

/** MAX_FILE_BYTES passed: by the one file, or by the files of a share together. */
export function tooLargeError(maxFileBytes: number, several = false): AppError {
  const limit = formatBytesCompact(maxFileBytes);
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    several ? messages.filesTooLargeDetail(limit) : messages.fileTooLargeDetail(limit),
    { title: messages.fileTooLargeTitle },
  );
}

/** The 507 an upload gets when its bytes would not fit: the quota's and the disk's answer. */
export function storageFullError(): AppError {
  return new AppError('INSUFFICIENT_STORAGE', messages.storageFull, { retryAfterSeconds: 300 });
}
