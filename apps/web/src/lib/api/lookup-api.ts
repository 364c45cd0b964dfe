import { lookupShareEndpoint, type ShareView } from '@codedrop/contract';
import { api } from './request';
import type { ApiResult } from './result';

/**
 * Metadata and, unless burn-after-reading or encrypted, the content. Never consumes
 * anything. Apart from the other share calls (shares-api.ts), so that a lookup builds only
 * the schemas of its own answer while the page is busy showing the share.
 */
export function getShare(code: string, signal?: AbortSignal): Promise<ApiResult<ShareView>> {
  return api.call(lookupShareEndpoint, { params: { code }, signal });
}
