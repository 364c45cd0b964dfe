import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a pickup token grants: reading and deleting the submissions of the request `code`
 * created at `created` (milliseconds), until `exp` (Unix seconds). The creation time ties
 * it to that one request: a code taken again after it ended is another request, which
 * the old token does not open.
 */
export interface PickupGrant {
  code: string;
  created: number;
  exp: number;
}

const maxTokenChars = 512;
const segment = /^[A-Za-z0-9_-]+$/;

/**
 * The token's HMAC key: derived from URL_SIGNING_KEY for this one use, so that no token of
 * another kind (a download URL's) can ever pass for a pickup token, or the other way round.
 */
export function pickupTokenKey(urlSigningKey: string): Buffer {
  return createHmac('sha256', Buffer.from(urlSigningKey, 'utf8'))
    .update('codedrop/pickup-token')
    .digest();
}

/** The pickup token of an `Authorization: Bearer …` header, or null. */
export function pickupBearer(header: string | undefined): string | null {
  if (header === undefined || header.length > maxTokenChars + 16) return null;
  return /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+) *$/i.exec(header)?.[1] ?? null;
}

/** `base64url(JSON grant).base64url(HMAC-SHA-256 of the first segment)`. */
export function signPickupToken(key: Buffer, grant: PickupGrant): string {
  const body = Buffer.from(
    JSON.stringify({ code: grant.code, created: grant.created, exp: grant.exp }),
  ).toString('base64url');
  return `${body}.${mac(key, body)}`;
}

/** The grant of a genuine, unexpired token, or null; never throws on any input. */
export function verifyPickupToken(key: Buffer, token: string, nowSeconds: number) {
  if (token.length > maxTokenChars) return null;
  const [body, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !body || !signature || !segment.test(body)) return null;
  const expected = Buffer.from(mac(key, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let grant: unknown;
  try {
    grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isGrant(grant) || nowSeconds >= grant.exp) return null;
  return grant;
}

function mac(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

function isGrant(value: unknown): value is PickupGrant {
  if (typeof value !== 'object' || value === null) return false;
  const { code, created, exp } = value as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    /^\d{1,12}$/.test(code) &&
    Number.isSafeInteger(created) &&
    Number.isSafeInteger(exp)
  );
}
