import {
  createRequestEndpoint,
  createSubmissionEndpoint,
  deleteSubmissionEndpoint,
  downloadSubmissionEndpoint,
  listSubmissionsEndpoint,
  lookupRequestEndpoint,
  pathTo,
  unlockRequestEndpoint,
  type CreateRequestBody,
  type CreateRequestResponse,
  type CreateSubmissionResponse,
  type RequestView,
  type SubmissionHeaderJson,
  type SubmissionList,
  type UnlockRequestResponse,
} from '@codedrop/contract';
import { api, fetchFailure, problemFrom } from './request';
import type { ApiResult } from './result';

// Requests (docs/api.md#requests): the asker creates one and picks its submissions up;
// senders look it up and send to it. Ending one is DELETE /api/shares/{code} (shares-api.ts).

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Creates a request: its public key and its private key sealed under the asker's password. */
export function createRequest(body: CreateRequestBody): Promise<ApiResult<CreateRequestResponse>> {
  return api.call(createRequestEndpoint, { body });
}

/** The public part of a request: message, public key, what it takes, whether it is open. */
export function getRequest(code: string, signal?: AbortSignal): Promise<ApiResult<RequestView>> {
  return api.call(lookupRequestEndpoint, { params: { code }, signal });
}

/**
 * Trades the password-derived authKey for the sealed key, a pickup token and the list. A
 * wrong key answers WRONG_PASSWORD with attempts left; the last one SHARE_DESTROYED.
 */
export function unlockRequest(
  code: string,
  authKey: string,
): Promise<ApiResult<UnlockRequestResponse>> {
  return api.call(unlockRequestEndpoint, { params: { code }, body: { authKey } });
}

/** The complete submissions, oldest first, with the pickup token. */
export function listSubmissions(
  code: string,
  token: string,
  signal?: AbortSignal,
): Promise<ApiResult<SubmissionList>> {
  return api.call(listSubmissionsEndpoint, { params: { code }, headers: bearer(token), signal });
}

/** Sends a text-only submission (one with files goes up through the tus uploads). */
export function sendTextSubmission(
  code: string,
  header: SubmissionHeaderJson,
): Promise<ApiResult<CreateSubmissionResponse>> {
  return api.call(createSubmissionEndpoint, { params: { code }, body: { header } });
}

export function deleteSubmission(
  code: string,
  id: string,
  token: string,
): Promise<ApiResult<null>> {
  return api.call(deleteSubmissionEndpoint, { params: { code, id }, headers: bearer(token) });
}

/** Where a submission's stored files are: every encrypted stream back to back. */
export function submissionBlobPath(code: string, id: string): string {
  return pathTo(downloadSubmissionEndpoint, { code, id });
}

/**
 * Bytes `start` to `end` (exclusive) of a submission's stored files: one file's encrypted
 * stream. The pickup token goes in the header, never in the address, so that it stays out
 * of logs and the browser's history. Never throws.
 */
/**
 * The stored bytes in `range` of a submission's blob, as a stream: a file read once, in
 * order, into a sink or an archive without holding it whole.
 */
export async function openSubmissionRange(
  code: string,
  id: string,
  token: string,
  range: { start: number; end: number },
  signal?: AbortSignal,
): Promise<ApiResult<ReadableStream<Uint8Array>>> {
  let response: Response;
  try {
    response = await fetch(submissionBlobPath(code, id), {
      headers: { ...bearer(token), Range: `bytes=${range.start}-${range.end - 1}` },
      signal,
    });
  } catch (error) {
    return { ok: false, problem: fetchFailure(error, signal) };
  }
  if (!response.ok) return { ok: false, problem: await problemFrom(response) };
  // A server that ignored the range sends the whole blob: only a 206 is the range alone.
  if (response.status === 206 && response.body !== null) return { ok: true, data: response.body };
  try {
    const whole = await response.blob();
    return { ok: true, data: whole.slice(range.start, range.end).stream() };
  } catch (error) {
    return { ok: false, problem: fetchFailure(error, signal) };
  }
}

export async function fetchSubmissionRange(
  code: string,
  id: string,
  token: string,
  range: { start: number; end: number },
  signal?: AbortSignal,
): Promise<ApiResult<Blob>> {
  let response: Response;
  try {
    response = await fetch(submissionBlobPath(code, id), {
      headers: { ...bearer(token), Range: `bytes=${range.start}-${range.end - 1}` },
      signal,
    });
  } catch (error) {
    return { ok: false, problem: fetchFailure(error, signal) };
  }
  if (!response.ok) return { ok: false, problem: await problemFrom(response) };
  try {
    const blob = await response.blob();
    // A server that ignored the range sent the whole stored blob: cut the file out of it.
    const whole = response.status === 200;
    return { ok: true, data: whole ? blob.slice(range.start, range.end) : blob };
  } catch (error) {
    return { ok: false, problem: fetchFailure(error, signal) };
  }
}
