import {
  createSubmissionEndpoint,
  createSubmissionResponseSchema,
  formatBytesCompact,
  lookupRequestEndpoint,
  messages,
  requestMessages,
  type PublicConfig,
  type RequestView,
} from '@codedrop/contract';
import {
  isDecryptionError,
  MAX_SUBMISSION_TEXT_CHARS,
  sealSubmission,
  type SealedSubmission,
  type SubmissionMeta,
} from '@codedrop/crypto';
import type { ApiClient } from '../api/client.js';
import { CliError } from '../cli-errors.js';
import { inspectFiles } from '../upload/local-files.js';
import {
  asSubmissionFiles,
  checkUnchanged,
  storedSizeOf,
  submissionBytes,
  type SubmissionFile,
} from '../upload/submission-stream.js';
import { tusUpload } from '../upload/tus-upload.js';
import { readStdinText } from './send-text.js';

export interface ToRequest {
  code: string;
  /** Files to send; none means the text on stdin. */
  paths: readonly string[];
  /** --message: a text sent along with the files. */
  message: string | undefined;
  json: boolean;
}

export const receipt = 'Sent. Only the person who asked can open it.';

/** The request's own refusals, said before anything is read or sealed. */
function checkAccepts(view: RequestView, files: boolean, text: boolean): void {
  if (!view.open) throw new CliError(requestMessages.full);
  if (files && !view.accepts.files) throw new CliError(requestMessages.notAcceptingFiles);
  if (text && !files && !view.accepts.text) throw new CliError(requestMessages.notAcceptingText);
  if (text && files && !view.accepts.text) {
    throw new CliError(`${requestMessages.notAcceptingText} Send the files without --message.`);
  }
}

/** The public key comes from the server: one that is not a usable key is refused here. */
async function seal(view: RequestView, meta: SubmissionMeta): Promise<SealedSubmission> {
  try {
    return await sealSubmission(view.publicKey, meta);
  } catch (error) {
    if (isDecryptionError(error)) {
      throw new CliError(`this request's public key is not usable (${error.message})`);
    }
    if (error instanceof RangeError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * The asker's words, printed on someone else's terminal: escape sequences (C0 and C1
 * controls) and direction overrides could rewrite what the terminal shows, so they go.
 */
function terminalSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '');
}

function checkedText(text: string): string {
  if (text.trim() === '') throw new CliError(messages.textRequired);
  return text;
}

async function localFiles(paths: readonly string[], config: PublicConfig) {
  const files = await inspectFiles(paths);
  if (files.length > config.maxFilesPerShare) {
    throw new CliError(messages.tooManyFiles(config.maxFilesPerShare));
  }
  // The server refuses the upload's declared size past the limit; saying so first is clearer.
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > config.maxFileBytes) {
    const limit = formatBytesCompact(config.maxFileBytes);
    const detail = files.length > 1 ? messages.filesTooLargeDetail : messages.fileTooLargeDetail;
    throw new CliError(detail(limit));
  }
  return asSubmissionFiles(files);
}

/**
 * Files: one tus upload of every file's encrypted stream back to back, its sealed header in
 * the upload's metadata with the request's code (docs/api.md#requests).
 */
async function sendFiles(
  api: ApiClient,
  config: PublicConfig,
  code: string,
  files: SubmissionFile[],
  sealed: SealedSubmission,
): Promise<string | undefined> {
  const label = files.length === 1 ? files[0]!.name : `${files.length} files`;
  const answer = await tusUpload(api, {
    length: storedSizeOf(files),
    metadata: { request: code, header: JSON.stringify(sealed.header) },
    chunkSize: config.uploadChunkBytes,
    bytes: () => submissionBytes(files, sealed.encKey),
    beforeResume: () => checkUnchanged(files),
    label,
  });
  const parsed = createSubmissionResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data.id : undefined;
}

/**
 * `codedrop send --to CODE`: files (with --message, a text too) or the text on stdin, sealed
 * to the request's public key with a fresh ephemeral key (docs/design.md#requests-encrypting-
 * to-the-asker). Nothing is readable by the server or by anyone but the asker.
 */
export async function sendToRequest(api: ApiClient, request: ToRequest): Promise<void> {
  const { code, paths } = request;
  const withFiles = paths.length > 0;
  const view = await api.call(lookupRequestEndpoint, { params: { code } });
  checkAccepts(view, withFiles, !withFiles || request.message !== undefined);
  // What the web app shows a sender above its form, for a person at a terminal only.
  if (view.message && process.stderr.isTTY) {
    process.stderr.write(`The request says: ${terminalSafe(view.message)}\n`);
  }

  let id: string | undefined;
  let sentFiles: { name: string; size: number }[] = [];
  if (withFiles) {
    const config = await api.config();
    const files = await localFiles(paths, config);
    const text = request.message === undefined ? undefined : checkedText(request.message);
    const metas = files.map(({ name, type, size }) => ({ name, type, size }));
    const sealed = await seal(view, text === undefined ? { files: metas } : { files: metas, text });
    id = await sendFiles(api, config, code, files, sealed);
    sentFiles = files.map(({ name, size }) => ({ name, size }));
  } else {
    const text = checkedText(await readStdinText(MAX_SUBMISSION_TEXT_CHARS));
    const sealed = await seal(view, { files: [], text });
    const body = { header: sealed.header };
    id = (await api.call(createSubmissionEndpoint, { params: { code }, body })).id;
  }

  if (request.json) {
    const text = !withFiles || request.message !== undefined;
    const result = { to: code, ...(id ? { id } : {}), files: sentFiles, text };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    process.stdout.write(`${receipt}\n`);
  }
}
