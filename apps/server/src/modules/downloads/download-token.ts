import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a download URL grants: one object, served under this name and type. */
export interface DownloadTokenPayload {
  key: string;
  /** Random per grant: no two URLs are alike, and each counts its own transfers. */
  nonce: string;
  name: string;
  type: string;
  /** Expiry, in Unix seconds; the token is refused from this second on. */
  exp: number;
  /** The share it was granted from: a quarantine stops its links too (tokens before 0012 lack it). */
  code?: string;
}

export type DownloadTokenFailure = { error: 'invalid' | 'expired' };

/** HMAC-SHA-256 keys shorter than this are guessable in principle; refuse them outright. */
export const MIN_SECRET_BYTES = 32;
const MAX_TOKEN_CHARS = 8_192;
const SEGMENT = /^[A-Za-z0-9_-]+$/;

/** The HMAC key: URL_SIGNING_KEY's UTF-8 bytes, one rule for the signer and the verifier. */
export function downloadTokenKey(urlSigningKey: string): Buffer {
  return Buffer.from(urlSigningKey, 'utf8');
}

/**
 * `base64url(JSON payload).base64url(HMAC-SHA-256 of the first segment)`, unpadded. Both
 * segments are encoded by Node (`Buffer#toString('base64url')`, `digest('base64url')`); the
 * server does not use `@codedrop/crypto`'s base64 helpers.
 */
export function signDownloadToken(secret: Buffer, payload: DownloadTokenPayload): string {
  assertSecret(secret);
  if (!isPayload(payload)) throw new TypeError('Invalid download token payload');
  const { key, nonce, name, type, exp, code } = payload;
  const body = Buffer.from(JSON.stringify({ key, nonce, name, type, exp, code })).toString(
    'base64url',
  );
  return `${body}.${mac(secret, body)}`;
}

/** The payload of a genuine, unexpired token; never throws on any token input. */
export function verifyDownloadToken(
  secret: Buffer,
  token: string,
  nowSeconds: number,
): DownloadTokenPayload | DownloadTokenFailure {
  assertSecret(secret);
  if (typeof token !== 'string' || token.length > MAX_TOKEN_CHARS) return { error: 'invalid' };
  const parts = token.split('.');
  const [body, signature] = parts;
  if (parts.length !== 2 || !body || !signature || !SEGMENT.test(body)) {
    return { error: 'invalid' };
  }
  // Comparing the encoded MACs rejects non-canonical base64url that decodes to the same bytes.
  const expected = Buffer.from(mac(secret, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { error: 'invalid' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { error: 'invalid' };
  }
  if (!isPayload(payload)) return { error: 'invalid' };
  if (nowSeconds >= payload.exp) return { error: 'expired' };
  const { key, nonce, name, type, exp, code } = payload;
  return { key, nonce, name, type, exp, ...(code === undefined ? {} : { code }) };
}

function mac(secret: Buffer, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

function assertSecret(secret: Buffer): void {
  if (!Buffer.isBuffer(secret) || secret.length < MIN_SECRET_BYTES) {
    throw new RangeError(`Download token secret must be at least ${MIN_SECRET_BYTES} bytes`);
  }
}

function isPayload(value: unknown): value is DownloadTokenPayload {
  if (typeof value !== 'object' || value === null) return false;
  const { key, nonce, name, type, exp, code } = value as Record<string, unknown>;
  return (
    (code === undefined || (typeof code === 'string' && /^\d{1,12}$/.test(code))) &&
    typeof key === 'string' &&
    key !== '' &&
    typeof nonce === 'string' &&
    /^[A-Za-z0-9_-]{16,64}$/.test(nonce) &&
    typeof name === 'string' &&
    typeof type === 'string' &&
    Number.isSafeInteger(exp)
  );
}
