import { uploadFilesEndpoint, type CreateFileResponse, type Envelope } from '@codedrop/contract';
import { uploadMultipart, type UploadProgress } from './multipart-upload';
import type { ApiResult } from './result';

export interface FileShareFields {
  maxDownloads: number;
  expiresInSeconds?: number;
  /**
   * An encrypted share: the sealed list of `{name, type, size}`, the auth verifier, the
   * recovery fields.
   */
  encryption?: {
    encryptedPayload: Envelope;
    authVerifier: string;
    recoveryEmail?: string;
    recoveryPassword?: string;
  };
}

/**
 * Uploads a file share (POST /api/files), plain or encrypted alike: the text fields first,
 * as the server reads them before the files, then every file as a part named `file`, in
 * order, under its own name (encrypted ones arrive as ciphertext named neutrally by the
 * caller). Reports the progress of the whole request.
 */
export function uploadFileShare(
  files: readonly File[],
  fields: FileShareFields,
  transfer: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<CreateFileResponse>> {
  const parts: [string, string][] = [['maxDownloads', String(fields.maxDownloads)]];
  if (fields.expiresInSeconds !== undefined) {
    parts.push(['expiresInSeconds', String(fields.expiresInSeconds)]);
  }
  const { encryption } = fields;
  if (encryption !== undefined) {
    parts.push(['encryptedPayload', JSON.stringify(encryption.encryptedPayload)]);
    parts.push(['authVerifier', encryption.authVerifier]);
    if (encryption.recoveryEmail !== undefined && encryption.recoveryPassword !== undefined) {
      parts.push(
        ['recoveryEmail', encryption.recoveryEmail],
        ['recoveryPassword', encryption.recoveryPassword],
      );
    }
  }
  const { path, responses } = uploadFilesEndpoint;
  return uploadMultipart(path, responses[201], {
    fields: parts,
    files: files.map((file) => ({ field: 'file', blob: file, name: file.name })),
    ...transfer,
  });
}
