import { Metadata } from '@tus/utils';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';

/** The fields of Upload-Metadata that become the share's (as the multipart upload's fields). */
const shareFields = [
  'maxDownloads',
  'expiresInSeconds',
  'encryptedPayload',
  'authVerifier',
  'recoveryEmail',
  'recoveryPassword',
] as const;

/** What a tus creation's headers declare: the file's length, name and type, the share's fields. */
export interface TusCreation {
  length: number;
  filename: string;
  filetype: string;
  fields: Record<string, string>;
  /**
   * A submission's files to a request instead of a share: the request's code and the
   * submission header (JSON), from the `request` and `header` keys.
   */
  submission?: { code: string; header: string };
}

/** Reads a creation's Upload-Length and Upload-Metadata (400 for either malformed). */
export function readCreation(headers: FastifyRequest['headers']): TusCreation {
  const length = uploadLength(headers);
  const metadata = uploadMetadata(headers['upload-metadata']);
  const fields: Record<string, string> = {};
  for (const field of shareFields) {
    const value = metadata[field];
    if (value !== undefined && value !== null) fields[field] = value;
  }
  const creation = { length, filename: metadata.filename ?? '', filetype: metadata.filetype ?? '' };
  const { request, header } = metadata;
  if (request === undefined && header === undefined) return { ...creation, fields };
  // A submission is no share: none of a share's fields go with it.
  if (typeof request !== 'string' || typeof header !== 'string' || Object.keys(fields).length) {
    throw AppError.validation(
      'Upload-Metadata',
      'A submission to a request sends `request` and `header`, and no share fields',
    );
  }
  return { ...creation, fields, submission: { code: request, header } };
}

/**
 * A chunk must say its length, within UPLOAD_CHUNK_BYTES, before a byte is read (a
 * creation may carry no body, and then no length).
 */
export function assertChunkLength(request: FastifyRequest, maxChunkBytes: number): void {
  const raw = request.headers['content-length'];
  if (raw === undefined) {
    if (request.method === 'POST') return;
    throw new AppError('LENGTH_REQUIRED');
  }
  if (Number(raw) > maxChunkBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `Send at most ${maxChunkBytes} bytes per chunk (UPLOAD_CHUNK_BYTES)`,
    );
  }
}

/** Upload-Length: required (deferred lengths are not offered), a whole number of bytes. */
function uploadLength(headers: FastifyRequest['headers']): number {
  if (headers['upload-defer-length'] !== undefined || headers['upload-concat'] !== undefined) {
    throw AppError.validation(
      'Upload-Length',
      'Declare the length with Upload-Length (deferred lengths and concatenation are not supported)',
    );
  }
  const raw = headers['upload-length'];
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) {
    throw AppError.validation('Upload-Length', 'Upload-Length must be the number of bytes');
  }
  return Number(raw);
}

function uploadMetadata(raw: string | string[] | undefined): Record<string, string | null> {
  if (raw === undefined) return {};
  try {
    return Metadata.parse(Array.isArray(raw) ? raw.join(',') : raw) ?? {};
  } catch {
    throw AppError.validation(
      'Upload-Metadata',
      'Upload-Metadata must be comma-separated "key base64value" pairs',
    );
  }
}
