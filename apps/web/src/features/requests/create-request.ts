import type { CreateRequestResponse, RequestAccepts } from '@codedrop/contract';
import { generateRequestKeyPair, preferredRequestCurve, sealRequestKey } from '@codedrop/crypto';
import { createRequest } from '../../lib/api/requests-api';
import type { ApiResult } from '../../lib/api/result';

export interface RequestChoices {
  message?: string;
  accepts: RequestAccepts;
  expiresInSeconds: number;
  maxSubmissions: number;
  /** Exactly as typed: the asker types the same characters to pick up. */
  password: string;
}

/**
 * docs/design.md#requests-encrypting-to-the-asker, asker side: a key pair on the curve this
 * browser prefers, its private key sealed under the password, the public key in the clear.
 * Loaded on use, with the crypto package, when the asker presses Create.
 */
export async function createRequestWith(
  choices: RequestChoices,
): Promise<ApiResult<CreateRequestResponse>> {
  const keyPair = await generateRequestKeyPair(await preferredRequestCurve());
  const sealed = await sealRequestKey(choices.password, keyPair);
  return createRequest({
    ...(choices.message === undefined ? {} : { message: choices.message }),
    accepts: choices.accepts,
    expiresInSeconds: choices.expiresInSeconds,
    maxSubmissions: choices.maxSubmissions,
    publicKey: sealed.publicKey,
    encryptedPayload: sealed.sealedKey,
    authVerifier: sealed.authVerifier,
  });
}
