import {
  createShareResponseSchema,
  downloadResponseSchema,
  readResponseSchema,
  type CreateShareBody,
  type CreateShareResponse,
  type DownloadResponse,
  type ReadResponse,
} from '@codedrop/contract';
import { sharePath } from './lookup-api';
import { fetchFailure, problemFrom, requestJson } from './request';
import type { ApiResult } from './result';

/** Reads a burn-after-reading share, which is gone afterwards. */
export function readShare(code: string): Promise<ApiResult<ReadResponse>> {
  return requestJson(`${sharePath(code)}/read`, readResponseSchema, { method: 'POST', json: {} });
}

/** Uses one download of a file share and returns a URL valid for 300 s. */
export function requestDownload(
  code: string,
  authKey?: string,
): Promise<ApiResult<DownloadResponse>> {
  return requestJson(`${sharePath(code)}/downloads`, downloadResponseSchema, {
    method: 'POST',
    json: authKey === undefined ? {} : { authKey },
  });
}

/** Creates a clipboard or notepad share (POST /api/shares). */
export function createShare(body: CreateShareBody): Promise<ApiResult<CreateShareResponse>> {
  return requestJson('/api/shares', createShareResponseSchema, { method: 'POST', json: body });
}

/** Ends a share now with the creator's delete token (DELETE /api/shares/{code}, 204). */
export async function deleteShare(code: string, deleteToken: string): Promise<ApiResult<null>> {
  try {
    const response = await fetch(sharePath(code), {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${deleteToken}` },
    });
    if (!response.ok) return { ok: false, problem: await problemFrom(response) };
    return { ok: true, data: null };
  } catch (error) {
    return { ok: false, problem: fetchFailure(error) };
  }
}
