import {
  createFileResponseSchema,
  type CreateFileResponse,
  type Envelope,
} from '@codedrop/contract';
import { uploadMultipart, type UploadProgress } from './multipart-upload';
import type { ApiResult } from './result';

export interface EncryptedFileFields {
  maxDownloads: number;
  expiresInSeconds?: number;
  /** The sealed `{name, type, size}` of the file. */
  encryptedPayload: Envelope;
  authVerifier: string;
  recoveryEmail?: string;
  recoveryPassword?: string;
}

/**
 * Uploads an encrypted file share: the text fields first, then the stored (segmented)
 * ciphertext under a neutral name, so the real name never leaves the browser in the clear.
 */
export function uploadEncryptedFile(
  fields: EncryptedFileFields,
  ciphertext: Blob,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<CreateFileResponse>> {
  const parts: [string, string][] = [['maxDownloads', String(fields.maxDownloads)]];
  if (fields.expiresInSeconds !== undefined) {
    parts.push(['expiresInSeconds', String(fields.expiresInSeconds)]);
  }
  parts.push(['encryptedPayload', JSON.stringify(fields.encryptedPayload)]);
  parts.push(['authVerifier', fields.authVerifier]);
  if (fields.recoveryEmail !== undefined && fields.recoveryPassword !== undefined) {
    parts.push(
      ['recoveryEmail', fields.recoveryEmail],
      ['recoveryPassword', fields.recoveryPassword],
    );
  }
  return uploadMultipart('/api/files', createFileResponseSchema, {
    fields: parts,
    file: { field: 'file', blob: ciphertext, name: 'encrypted_file' },
    ...options,
  });
}
