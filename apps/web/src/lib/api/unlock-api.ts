import { unlockShareEndpoint, type UnlockResponse } from '@codedrop/contract';
import { api } from './request';
import type { ApiResult } from './result';

/**
 * Trades the password-derived authKey (base64) for the share's envelope. A wrong key comes
 * back as WRONG_PASSWORD with `attemptsLeft`; the last allowed wrong key as SHARE_DESTROYED.
 * For an encrypted burn-after-reading share, a successful unlock is its one read.
 */
export function unlockShare(code: string, authKey: string): Promise<ApiResult<UnlockResponse>> {
  return api.call(unlockShareEndpoint, { params: { code }, body: { authKey } });
}
