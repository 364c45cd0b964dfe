import {
  errorStatus,
  messages,
  requestMessages,
  roomMessages,
  type ErrorCode,
  type FieldError,
  type OtherKind,
} from '@codedrop/contract';

const titles: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'Invalid request',
  INVALID_FILE_SHARE: messages.invalidFileShare,
  UNAUTHORIZED: 'Unauthorized',
  WRONG_PASSWORD: 'Wrong password',
  FORBIDDEN: 'Forbidden',
  CONTENT_BLOCKED: 'Content blocked',
  NOT_FOUND: 'Not found',
  SHARE_NOT_FOUND: messages.shareNotFound,
  RECOVERY_NOT_FOUND: messages.recoveryFailedTitle,
  METHOD_NOT_ALLOWED: 'Method not allowed',
  NEEDS_BROWSER: 'Open it in a browser',
  SHARE_UPLOADING: 'Still uploading',
  UPLOAD_OFFSET_MISMATCH: 'Upload offset mismatch',
  SHARE_UNDER_REVIEW: 'Held for review',
  REQUEST_FULL: 'Request full',
  REQUEST_NOT_ACCEPTING: 'Not accepted here',
  ROOM_FULL: 'Room full',
  UPLOAD_NOT_FOUND: 'Upload not found',
  LENGTH_REQUIRED: 'Length required',
  SHARE_EXPIRED: messages.shareExpired,
  DOWNLOAD_LIMIT_REACHED: messages.downloadLimitReached,
  SHARE_DESTROYED: 'Share destroyed',
  SHARE_BURNT: 'Share already viewed',
  SHARE_DELETED: 'Share deleted',
  DOWNLOAD_LINK_USED: 'Download link used up',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
  RANGE_NOT_SATISFIABLE: 'Range not satisfiable',
  HEADERS_TOO_LARGE: 'Request headers too large',
  SHARE_QUARANTINED: 'Unavailable for review',
  REQUEST_TIMEOUT: 'Request timeout',
  RATE_LIMITED: 'Too many requests',
  INTERNAL: 'Internal server error',
  SERVICE_UNAVAILABLE: 'Service unavailable',
  INSUFFICIENT_STORAGE: 'Insufficient storage',
};

const details: Partial<Record<ErrorCode, string>> = {
  SHARE_NOT_FOUND: messages.lookupFailed,
  SHARE_EXPIRED: messages.lookupFailed,
  SHARE_BURNT: messages.shareBurnt,
  SHARE_DELETED: messages.shareDeleted,
  SHARE_DESTROYED: messages.shareDestroyed,
  DOWNLOAD_LIMIT_REACHED: messages.downloadLimitDetail,
  SHARE_UPLOADING: messages.shareUploading,
  SHARE_QUARANTINED: messages.shareQuarantined,
  SHARE_UNDER_REVIEW: messages.shareUnderReview,
  CONTENT_BLOCKED: messages.contentBlocked,
  REQUEST_FULL: requestMessages.full,
  ROOM_FULL: roomMessages.full,
  UPLOAD_OFFSET_MISMATCH:
    'The upload continues from another offset: ask for it with HEAD and send from there.',
  UPLOAD_NOT_FOUND:
    'This upload does not exist: it was given up, deleted, or abandoned and reclaimed.',
  LENGTH_REQUIRED: 'Send each chunk with a Content-Length header.',
  INVALID_FILE_SHARE: messages.invalidFileShare,
  DOWNLOAD_LINK_USED: messages.downloadLinkUsed,
  WRONG_PASSWORD: messages.decryptFailed,
  RECOVERY_NOT_FOUND: messages.recoveryNotFound,
  INTERNAL: 'Something went wrong on our side. Please try again.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
  INSUFFICIENT_STORAGE: messages.storageFull,
};

export interface AppErrorExtras {
  title?: string;
  errors?: FieldError[];
  retryAfterSeconds?: number;
  attemptsLeft?: number;
  /** A share lookup's code that holds no share but a request or a room: where to look. */
  kind?: OtherKind;
}

/** The one error type the API raises; the error handler turns it into problem+json. */
export class AppError extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;

  constructor(
    readonly code: ErrorCode,
    detail?: string,
    readonly extras: AppErrorExtras = {},
  ) {
    const resolved = detail ?? details[code] ?? extras.title ?? titles[code];
    super(resolved);
    this.name = 'AppError';
    this.status = errorStatus[code];
    this.title = extras.title ?? titles[code];
    this.detail = resolved;
  }

  static validation(field: string, message: string): AppError {
    return new AppError('VALIDATION_FAILED', message, { errors: [{ field, message }] });
  }
}
