import {
  createShareEndpoint,
  deleteShareEndpoint,
  readShareEndpoint,
  takeDownloadEndpoint,
  type CreateShareBody,
  type CreateShareResponse,
  type DownloadResponse,
  type ReadResponse,
} from '@codedrop/contract';
import { api } from './request';
import type { ApiResult } from './result';

/** Reads a burn-after-reading share, which is gone afterwards. */
export function readShare(code: string): Promise<ApiResult<ReadResponse>> {
  return api.call(readShareEndpoint, { params: { code } });
}

/** Uses one download of a file share and returns a URL valid for 300 s. */
export function requestDownload(
  code: string,
  authKey?: string,
): Promise<ApiResult<DownloadResponse>> {
  return api.call(takeDownloadEndpoint, {
    params: { code },
    body: authKey === undefined ? {} : { authKey },
  });
}

/** Creates a clipboard or notepad share (POST /api/shares). */
export function createShare(body: CreateShareBody): Promise<ApiResult<CreateShareResponse>> {
  return api.call(createShareEndpoint, { body });
}

/** Ends a share now with the creator's delete token (DELETE /api/shares/{code}, 204). */
export function deleteShare(code: string, deleteToken: string): Promise<ApiResult<null>> {
  return api.call(deleteShareEndpoint, {
    params: { code },
    headers: { Authorization: `Bearer ${deleteToken}` },
  });
}
