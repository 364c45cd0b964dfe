import type { RequestView } from '@codedrop/contract';
import { encryptBlob, isDecryptionError, sealSubmission } from '@codedrop/crypto';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { sendTextSubmission } from '../../lib/api/requests-api';
import type { ApiResult, ClientProblem } from '../../lib/api/result';
import { startSubmissionUpload } from '../../lib/api/submission-upload';

export interface SubmissionContent {
  files: readonly File[];
  /** Sent only when not blank. */
  text: string;
}

/** How far a submission is: sealing its files, then sending the stored bytes. */
export type SendProgress =
  | { stage: 'sealing'; done: number; total: number }
  | { stage: 'sending'; done: number; total: number };

export interface SendOptions {
  chunkSize: number;
  onProgress: (progress: SendProgress) => void;
  /** The page's language, for the problems said here. */
  i18n: I18n;
}

/** A request key that is not a usable key, or a browser that cannot encrypt, in words. */
export function sealingProblem(i18n: I18n): ClientProblem {
  return {
    code: 'INTERNAL',
    status: 0,
    title: t(i18n)`Encryption failed`,
    detail: t(i18n)`This browser could not encrypt what you are sending.`,
  };
}

/**
 * Sender side of docs/design.md#requests-encrypting-to-the-asker: the names, types, sizes
 * and text sealed to the request's public key; each file encrypted with the submission's
 * key, one stream after another, and sent as one resumable upload; a text alone is one
 * POST. Loaded on use, with the crypto package. Never throws.
 */
export async function sendSubmission(
  request: Pick<RequestView, 'code' | 'publicKey'>,
  content: SubmissionContent,
  options: SendOptions,
): Promise<ApiResult<null>> {
  const text = content.text.trim() === '' ? undefined : content.text;
  let sealed;
  try {
    sealed = await sealSubmission(request.publicKey, {
      files: content.files.map(({ name, type, size }) => ({ name, type, size })),
      ...(text === undefined ? {} : { text }),
    });
  } catch (error) {
    if (!isDecryptionError(error)) console.error('Could not seal the submission', error);
    return { ok: false, problem: sealingProblem(options.i18n) };
  }
  if (content.files.length === 0) {
    const sent = await sendTextSubmission(request.code, sealed.header);
    return sent.ok ? { ok: true, data: null } : sent;
  }
  const total = content.files.reduce((sum, file) => sum + file.size, 0);
  const streams: Blob[] = [];
  let before = 0;
  try {
    for (const file of content.files) {
      const offset = before;
      streams.push(
        await encryptBlob(file, sealed.encKey, {
          onProgress: (done) =>
            options.onProgress({ stage: 'sealing', done: offset + done, total }),
        }),
      );
      before += file.size;
    }
  } catch (error) {
    console.error('Could not encrypt a file', error);
    return { ok: false, problem: sealingProblem(options.i18n) };
  }
  const stored = new Blob(streams, { type: 'application/octet-stream' });
  return new Promise((resolve) => {
    startSubmissionUpload({
      code: request.code,
      header: sealed.header,
      stored,
      chunkSize: options.chunkSize,
      onProgress: (done, all) => options.onProgress({ stage: 'sending', done, total: all }),
      onSuccess: () => resolve({ ok: true, data: null }),
      onError: (problem) => resolve({ ok: false, problem }),
    });
  });
}
