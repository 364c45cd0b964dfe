import { createHash, randomBytes } from 'node:crypto';

/**
 * What a browser sends for an encrypted share. The server never decrypts, so random bytes
 * of the right shapes stand in for real ciphertext here (the crypto package has its own
 * known-answer tests).
 */
export function fakeEncryptedShare() {
  const authKey = randomBytes(32);
  return {
    authKey: authKey.toString('base64'),
    authVerifier: createHash('sha256').update(authKey).digest('base64'),
    encryptedPayload: {
      v: 1,
      alg: 'AES-256-GCM',
      kdf: { name: 'PBKDF2-SHA-256', iter: 600_000, salt: randomBytes(32).toString('base64') },
      iv: randomBytes(12).toString('base64'),
      ciphertext: randomBytes(64).toString('base64'),
    },
  };
}
