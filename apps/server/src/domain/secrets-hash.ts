import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function sha256Base64(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('base64');
}

/** A bearer token for the creator (delete), and the hash that is all the database keeps. */
export function newDeleteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256Base64(token) };
}

/** Constant-time comparison of two base64 digests. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'base64');
  const right = Buffer.from(b, 'base64');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
