import { fromBase64, fromBase64Url, toBase64 } from './base64.js';
import { DecryptionError } from './errors.js';
import { exactRecord, jsonValue, stringField } from './strict-json.js';

/** The curves a request key may be on (docs/design.md#requests-encrypting-to-the-asker). */
export type RequestCurve = 'P-256' | 'X25519';

export const REQUEST_CURVES: readonly RequestCurve[] = ['P-256', 'X25519'];

/** A request's public key as stored and sent: `key` is base64 of the raw public key. */
export interface RequestPublicKey {
  curve: RequestCurve;
  key: string;
}

/** Raw public keys: the uncompressed point 0x04 ‖ x ‖ y for P-256, 32 bytes for X25519. */
export const PUBLIC_KEY_BYTES: Readonly<Record<RequestCurve, number>> = {
  'P-256': 65,
  X25519: 32,
};

/** An uncompressed SEC 1 point starts with this byte. */
const UNCOMPRESSED_POINT = 0x04;

export function isRequestCurve(value: unknown): value is RequestCurve {
  return REQUEST_CURVES.includes(value as RequestCurve);
}

/** The WebCrypto algorithm of a key on `curve`. */
export function curveAlgorithm(curve: RequestCurve): EcKeyImportParams | Algorithm {
  return curve === 'P-256' ? { name: 'ECDH', namedCurve: 'P-256' } : { name: 'X25519' };
}

/** The request curve of a WebCrypto key, or null when it is on none of them. */
export function curveOf(key: CryptoKey): RequestCurve | null {
  const algorithm = key.algorithm as Partial<EcKeyAlgorithm>;
  if (algorithm.name === 'X25519') return 'X25519';
  if (algorithm.name === 'ECDH' && algorithm.namedCurve === 'P-256') return 'P-256';
  return null;
}

export function badPublicKey(message: string, cause?: unknown): DecryptionError {
  return new DecryptionError(
    'bad-public-key',
    message,
    cause === undefined ? undefined : { cause },
  );
}

/**
 * Imports a raw public key, refusing a wrong length, a compressed P-256 point (which some
 * runtimes would accept) and a P-256 point that is not on the curve.
 * @throws {DecryptionError} `bad-public-key`.
 */
export async function importPublicKey(curve: RequestCurve, raw: Uint8Array<ArrayBuffer>) {
  if (raw.length !== PUBLIC_KEY_BYTES[curve]) {
    throw badPublicKey(`A ${curve} public key must be ${PUBLIC_KEY_BYTES[curve]} bytes`);
  }
  if (curve === 'P-256' && raw[0] !== UNCOMPRESSED_POINT) {
    throw badPublicKey('A P-256 public key must be an uncompressed point');
  }
  try {
    return await crypto.subtle.importKey('raw', raw, curveAlgorithm(curve), true, []);
  } catch (cause) {
    throw badPublicKey(`Not a valid ${curve} public key`, cause);
  }
}

/** The raw public key of a private key, read from its JWK export (so it must be extractable). */
export async function rawPublicKeyOf(
  curve: RequestCurve,
  privateKey: CryptoKey,
): Promise<Uint8Array<ArrayBuffer>> {
  const jwk = await crypto.subtle.exportKey('jwk', privateKey);
  const x = fromBase64Url(stringField(jwk.x, 'jwk.x'), 32);
  if (curve === 'X25519') return x;
  const raw = new Uint8Array(PUBLIC_KEY_BYTES['P-256']);
  raw[0] = UNCOMPRESSED_POINT;
  raw.set(x, 1);
  raw.set(fromBase64Url(stringField(jwk.y, 'jwk.y'), 32), 33);
  return raw;
}

export async function exportRequestPublicKey(
  curve: RequestCurve,
  publicKey: CryptoKey,
): Promise<RequestPublicKey> {
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', publicKey));
  return { curve, key: toBase64(raw) };
}

export interface ParsedRequestPublicKey {
  /** The value in its canonical wire form. */
  publicKey: RequestPublicKey;
  curve: RequestCurve;
  raw: Uint8Array<ArrayBuffer>;
  /** Imported for key agreement. */
  cryptoKey: CryptoKey;
}

/**
 * Validates an untrusted request public key (an object or its JSON text): known curve name,
 * strict base64, exact length, and a P-256 point that is on the curve.
 * @throws {DecryptionError} `malformed` for the wrong shape, `unsupported` for an unknown
 *   curve, `bad-public-key` for key bytes that are not a usable key.
 */
export async function parseRequestPublicKey(value: unknown): Promise<ParsedRequestPublicKey> {
  const fields = exactRecord(jsonValue(value, 'Public key'), ['curve', 'key'], 'public key');
  if (!isRequestCurve(fields.curve)) {
    throw new DecryptionError('unsupported', 'Unsupported public key curve');
  }
  const curve = fields.curve;
  const key = stringField(fields.key, 'public key');
  const raw = fromBase64(key);
  return { publicKey: { curve, key }, curve, raw, cryptoKey: await importPublicKey(curve, raw) };
}
