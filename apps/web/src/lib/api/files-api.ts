import { createFileResponseSchema, type CreateFileResponse } from '@codedrop/contract';
import { uploadMultipart, type UploadProgress } from './multipart-upload';
import type { ApiResult } from './result';

export interface FileShareOptions {
  maxDownloads: number;
  expiresInSeconds?: number;
}

/**
 * Uploads a plain file share (POST /api/files): the fields first, as the server reads them
 * before the file part, then the file under its own name. Reports upload progress.
 */
export function uploadFileShare(
  file: File,
  options: FileShareOptions,
  transfer: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<ApiResult<CreateFileResponse>> {
  const fields: [string, string][] = [['maxDownloads', String(options.maxDownloads)]];
  if (options.expiresInSeconds !== undefined) {
    fields.push(['expiresInSeconds', String(options.expiresInSeconds)]);
  }
  return uploadMultipart('/api/files', createFileResponseSchema, {
    fields,
    file: { field: 'file', blob: file, name: file.name },
    ...transfer,
  });
}
