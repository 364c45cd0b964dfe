import type {
  CreateRequestBody,
  Kdf,
  RequestAccepts,
  RequestPublicKeyJson,
  RequestView,
} from '@codedrop/contract';
import type { ShareRecord } from '../shares/share-record.js';

/** A request's public part, kept as JSON in `shares.request_info`. */
export interface RequestInfo {
  message: string | null;
  publicKey: RequestPublicKeyJson;
  accepts: RequestAccepts;
}

/** A live request: its row, its public part and its slots. */
export interface LiveRequest {
  record: ShareRecord;
  info: RequestInfo;
  maxSubmissions: number;
  submissionCount: number;
}

export function requestInfoJson(body: CreateRequestBody): string {
  const message = body.message === undefined || body.message === '' ? null : body.message;
  const info: RequestInfo = {
    message,
    publicKey: body.publicKey,
    accepts: { files: body.accepts.files, text: body.accepts.text },
  };
  return JSON.stringify(info);
}

/** Written by requestInfoJson from a body the contract checked. */
export function parseRequestInfo(json: string): RequestInfo {
  return JSON.parse(json) as RequestInfo;
}

/** What anyone with the code sees of a live request; never the sealed key. */
export function requestViewOf(request: LiveRequest, unlockMaxFailures: number): RequestView {
  const { record, info } = request;
  return {
    code: record.code,
    message: info.message,
    publicKey: info.publicKey,
    accepts: info.accepts,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt.toISOString(),
    open: request.submissionCount < request.maxSubmissions,
    // Set from the sealed key's envelope when the request was created.
    kdf: JSON.parse(record.kdf ?? 'null') as Kdf,
    attemptsLeft: Math.max(0, unlockMaxFailures - record.failedUnlocks),
  };
}
