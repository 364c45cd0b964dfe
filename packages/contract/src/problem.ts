import { z } from 'zod';

/**
 * Every error the API answers with, and the HTTP status it always carries
 * (docs/api.md#error-codes).
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  INVALID_FILE_SHARE: 400,
  UNAUTHORIZED: 401,
  WRONG_PASSWORD: 403,
  FORBIDDEN: 403,
  /** A file whose SHA-256 an operator put on the block list. */
  CONTENT_BLOCKED: 403,
  NOT_FOUND: 404,
  SHARE_NOT_FOUND: 404,
  RECOVERY_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** A share that plain HTTP cannot hand out (encrypted, or read once): use a browser. */
  NEEDS_BROWSER: 409,
  /** A file share whose resumable upload has not finished: nothing to download yet. */
  SHARE_UPLOADING: 409,
  /** A resumable upload's offset is not where the server's copy ends (tus 1.0). */
  UPLOAD_OFFSET_MISMATCH: 409,
  /** Its creator's delete of a share held for review: its content stays for the operator. */
  SHARE_UNDER_REVIEW: 409,
  /** A request that has taken as many submissions as its asker allowed. */
  REQUEST_FULL: 409,
  /** A submission of a kind the request does not take (files to a text-only one, …). */
  REQUEST_NOT_ACCEPTING: 409,
  /** A live room with as many devices connected as it takes. */
  ROOM_FULL: 409,
  /** A resumable upload that was abandoned, reclaimed or never existed. */
  UPLOAD_NOT_FOUND: 404,
  LENGTH_REQUIRED: 411,
  SHARE_EXPIRED: 410,
  DOWNLOAD_LIMIT_REACHED: 410,
  SHARE_DESTROYED: 410,
  SHARE_BURNT: 410,
  SHARE_DELETED: 410,
  DOWNLOAD_LINK_USED: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  HEADERS_TOO_LARGE: 431,
  /** Enough distinct visitors reported the share: held for an operator's review. */
  SHARE_QUARANTINED: 451,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** RFC 9457 problem details, with CodeDrop's extension members. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.enum(errorCodes),
  errors: z.array(fieldErrorSchema).optional(),
  retryAfterSeconds: z.number().int().optional(),
  attemptsLeft: z.number().int().optional(),
  /** On a share lookup's 404: the code is a request's or a room's, looked up on its own path. */
  kind: z.enum(['request', 'room']).optional(),
});
export type OtherKind = 'request' | 'room';
export type Problem = z.infer<typeof problemSchema>;
