import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header that carries an upload's secret: its creation answers it, every later request sends it. */
export const uploadSecretHeader = 'codedrop-upload-secret';

/**
 * The secret that binds a resumable upload to its creator: HMAC-SHA-256 of the upload's id
 * under URL_SIGNING_KEY, so any instance can check it and nothing is stored. The address of
 * an upload alone (as logs or proxies may see it) writes nothing. The prefix keeps these
 * MACs apart from download tokens', which sign base64url text (no ":").
 */
export function uploadSecret(signingKey: string, id: string): string {
  return createHmac('sha256', signingKey).update(`upload-secret:${id}`).digest('base64url');
}

/** True when `given` is the upload's secret; compared in constant time. */
export function isUploadSecret(
  signingKey: string,
  id: string,
  given: string | string[] | undefined,
): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(uploadSecret(signingKey, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
