import { recoverPasswordEndpoint, type RecoveryResponse } from '@codedrop/contract';
import { api } from './request';
import type { ApiResult } from './result';

/**
 * Asks the server to mail the escrowed password of share `shareCode` to `email`
 * (docs/design.md#recovery-email). An email that does not match comes back as RECOVERY_NOT_FOUND.
 */
export function requestRecovery(
  email: string,
  shareCode: string,
): Promise<ApiResult<RecoveryResponse>> {
  return api.call(recoverPasswordEndpoint, { body: { email, shareCode } });
}
