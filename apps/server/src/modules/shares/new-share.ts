import { addSeconds, type Clock } from '../../infra/runtime/clock.js';
import type { RecoveryEscrow } from '../recovery/recovery-escrow.js';
import { newDeleteToken } from '../../infra/runtime/secrets-hash.js';

export interface ShareBasicsInput {
  expiresInSeconds: number;
  authVerifier?: string;
  recoveryEmail?: string;
  recoveryPassword?: string;
  encryptedPayload?: { kdf: unknown };
}

/**
 * What every new share gets whatever its type: its times, the creator's delete token (only
 * its hash is stored), the auth verifier and, with a recovery email, the sealed escrow.
 */
export function shareBasics(clock: Clock, escrow: RecoveryEscrow, input: ShareBasicsInput) {
  const recovery =
    input.recoveryEmail !== undefined && input.recoveryPassword !== undefined
      ? escrow.seal(input.recoveryEmail, input.recoveryPassword)
      : null;
  const createdAt = clock.now();
  const expiresAt = addSeconds(createdAt, input.expiresInSeconds);
  const deleteToken = newDeleteToken();
  return {
    deleteToken: deleteToken.token,
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    columns: {
      auth_verifier: input.authVerifier ?? null,
      kdf: input.encryptedPayload === undefined ? null : JSON.stringify(input.encryptedPayload.kdf),
      recovery_email_hash: recovery?.emailHash ?? null,
      recovery_escrow: recovery?.escrow ?? null,
      delete_token_hash: deleteToken.hash,
      created_at: createdAt,
      expires_at: expiresAt,
      reclaim_after: expiresAt,
    },
  };
}
