import {
  createFileResponseSchema,
  formatBytesCompact,
  messages,
  uploadFilesEndpoint,
  type PublicConfig,
} from '@codedrop/contract';
import { sealFileMeta, type WriterKeys } from '@codedrop/crypto';
import { parseAnswer, type ApiClient } from '../api/client.js';
import { apiErrorFrom } from '../api/problem.js';
import { CliError } from '../cli-errors.js';
import { progressBar } from '../terminal/progress.js';
import { encryptedPart, inspectFiles, plainPart } from '../upload/local-files.js';
import { multipartBody, type FormField } from '../upload/multipart.js';
import { postStream } from '../upload/post-stream.js';
import type { Created } from './send-output.js';

export interface FilesOptions {
  keys: WriterKeys | null;
  expiresInSeconds: number | undefined;
  maxDownloads: number;
}

/**
 * POST /api/files: every file in one share, in the order given, streamed from disk (and,
 * with a password, encrypted on the way), so no file is ever held in memory whole.
 */
export async function sendFiles(
  api: ApiClient,
  config: PublicConfig,
  paths: readonly string[],
  options: FilesOptions,
): Promise<Created> {
  const files = await inspectFiles(paths);
  if (files.length > config.maxFilesPerShare) {
    throw new CliError(messages.tooManyFiles(config.maxFilesPerShare));
  }
  // The server would cut the upload off at the limit; saying so first saves the transfer.
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > config.maxFileBytes) {
    const limit = formatBytesCompact(config.maxFileBytes);
    const detail = files.length > 1 ? messages.filesTooLargeDetail : messages.fileTooLargeDetail;
    throw new CliError(detail(limit));
  }

  const fields: FormField[] = [{ name: 'maxDownloads', value: String(options.maxDownloads) }];
  if (options.expiresInSeconds !== undefined) {
    fields.push({ name: 'expiresInSeconds', value: String(options.expiresInSeconds) });
  }
  const { keys } = options;
  if (keys !== null) {
    const metas = files.map(({ name, type, size }) => ({ name, type, size }));
    const envelope = await sealFileMeta(keys, metas);
    fields.push({ name: 'encryptedPayload', value: JSON.stringify(envelope) });
    fields.push({ name: 'authVerifier', value: keys.authVerifier });
  }
  const parts = files.map((file) => (keys ? encryptedPart(file, keys.encKey) : plainPart(file)));
  const body = multipartBody(fields, parts);

  const label = files.length === 1 ? files[0]!.name : `${files.length} files`;
  const progress = progressBar(`Uploading ${label}`, body.length);
  let response: Response;
  try {
    response = await postStream(api.server, {
      url: api.url(uploadFilesEndpoint),
      headers: {
        accept: 'application/json',
        'content-type': body.contentType,
        'content-length': String(body.length),
      },
      chunks: body.chunks(),
      onProgress: (bytes) => progress.advance(bytes),
    });
  } finally {
    progress.finish();
  }
  if (!response.ok) throw await apiErrorFrom(response);
  const created = await parseAnswer(response, createFileResponseSchema, api.server);
  return { ...created, files: files.map(({ name, size }) => ({ name, size })) };
}
