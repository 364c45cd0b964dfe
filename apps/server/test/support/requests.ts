import { sealSubmission } from '@codedrop/crypto';
import { fakeEncryptedShare } from './envelopes.js';
import { http } from './app.js';

/**
 * What a browser sends to create a request: a real P-256 public key (the server checks the
 * point is on the curve) and, standing in for the sealed private key, an envelope of random
 * bytes of the right shape (the server never opens it).
 */
export async function fakeRequestBody(extra: Record<string, unknown> = {}) {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const publicKey = { curve: 'P-256' as const, key: Buffer.from(raw).toString('base64') };
  const sealed = fakeEncryptedShare();
  return {
    authKey: sealed.authKey,
    publicKey,
    body: {
      message: 'Please send the signed form',
      accepts: { files: true, text: true },
      publicKey,
      encryptedPayload: sealed.encryptedPayload,
      authVerifier: sealed.authVerifier,
      ...extra,
    },
  };
}

/** A request created on `url`; its code, delete token, authKey and public key. */
export async function createRequest(url: string, extra: Record<string, unknown> = {}) {
  const made = await fakeRequestBody(extra);
  const created = await http<{ code: string; deleteToken: string; expiresAt: string }>(
    url,
    '/api/requests',
    { method: 'POST', json: made.body },
  );
  if (created.status !== 201) {
    throw new Error(`request not created: ${created.status} ${JSON.stringify(created.body)}`);
  }
  return { ...created.body, authKey: made.authKey, publicKey: made.publicKey };
}

/** A real text submission's header, sealed to `publicKey` as a sender's browser does. */
export async function textSubmissionHeader(publicKey: unknown, text = 'the answer') {
  return (await sealSubmission(publicKey, { files: [], text })).header;
}

/** A real header of a submission with these files, sealed to `publicKey`. */
export async function filesSubmissionHeader(publicKey: unknown, sizes: number[]) {
  const files = sizes.map((size, i) => ({ name: `file-${i}.bin`, type: 'text/plain', size }));
  return (await sealSubmission(publicKey, { files })).header;
}
