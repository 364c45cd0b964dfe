import { createUploadEndpoint, type SubmissionHeaderJson } from '@codedrop/contract';
import { Upload, type HttpStack } from 'tus-js-client';
import { problemOf, retryDelays, uploadSecretHeader } from './resumable-upload';
import type { ClientProblem } from './result';

export interface SubmissionUploadOptions {
  /** The request's code. */
  code: string;
  header: SubmissionHeaderJson;
  /** Every file's encrypted stream back to back, in the order of the sealed metadata. */
  stored: Blob;
  chunkSize: number;
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  onError: (problem: ClientProblem) => void;
  /** tus-js-client's HTTP layer; XMLHttpRequest unless a test passes its own. */
  httpStack?: HttpStack;
}

/**
 * A submission with files, sent like a file share (docs/api.md#resumable-uploads): tus in
 * chunks, a dropped connection retried with backoff from the server's offset. Its metadata
 * names the request and carries the submission's header; the stored bytes are already
 * sealed, so what goes up is ciphertext only. Returns a way to stop it.
 */
export function startSubmissionUpload(options: SubmissionUploadOptions): { stop(): void } {
  let secret: string | null = null;
  const upload = new Upload(options.stored, {
    endpoint: createUploadEndpoint.path,
    chunkSize: options.chunkSize,
    metadata: { request: options.code, header: JSON.stringify(options.header) },
    retryDelays,
    storeFingerprintForResuming: false,
    onShouldRetry(error, attempt) {
      // Before the upload exists, a refusal (full, closed, too large) is an answer, not a drop.
      if (upload.url === null && attempt >= 2) return false;
      const status = error.originalResponse?.getStatus() ?? 0;
      return status === 0 || status >= 500 || status === 423 || status === 429;
    },
    onBeforeRequest(request) {
      if (request.getMethod() !== 'POST' && secret !== null) {
        request.setHeader(uploadSecretHeader, secret);
      }
    },
    onAfterResponse(request, response) {
      if (request.getMethod() === 'POST' && response.getStatus() === 201) {
        secret = response.getHeader(uploadSecretHeader) ?? null;
      }
    },
    ...(options.httpStack ? { httpStack: options.httpStack } : {}),
    onProgress: options.onProgress,
    onSuccess: () => options.onSuccess(),
    onError: (error) => options.onError(problemOf(error)),
  });
  upload.start();
  return { stop: () => void upload.abort(false) };
}
