import { fromBase64 } from './base64.js';
import { DecryptionError } from './errors.js';
import { KDF_NAME, SALT_BYTES, checkIterations, type KdfParams } from './kdf.js';

export const ENVELOPE_VERSION = 1;
export const ENVELOPE_ALG = 'AES-256-GCM';
export const IV_BYTES = 12;
export const TAG_BYTES = 16;

/** docs/design.md#encryption; the same shape as `Envelope` in @codedrop/contract. */
export interface Envelope {
  v: typeof ENVELOPE_VERSION;
  alg: typeof ENVELOPE_ALG;
  kdf: KdfParams;
  /** base64 of 12 bytes */
  iv: string;
  /** base64 of ciphertext ‖ 16-byte tag */
  ciphertext: string;
}

function malformed(message: string): DecryptionError {
  return new DecryptionError('malformed', message);
}

function record(value: unknown, keys: readonly string[], what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw malformed(`${what} must be an object`);
  }
  const actual = Object.keys(value);
  if (actual.length !== keys.length || !keys.every((key) => Object.hasOwn(value, key))) {
    throw malformed(`${what} must have exactly the fields ${keys.join(', ')}`);
  }
  return value as Record<string, unknown>;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw malformed(`${what} must be a string`);
  return value;
}

/**
 * Validates an untrusted `kdf` object (from an envelope or `GET /api/shares/{code}`),
 * refusing out-of-range iterations before anyone derives a key from it.
 * @throws {DecryptionError} `malformed` or `unsupported`.
 */
export function parseKdf(value: unknown): KdfParams {
  const kdf = record(value, ['name', 'iter', 'salt'], 'kdf');
  if (kdf.name !== KDF_NAME) throw new DecryptionError('unsupported', 'Unsupported KDF');
  if (typeof kdf.iter !== 'number') throw malformed('kdf.iter must be a number');
  checkIterations(kdf.iter);
  const salt = text(kdf.salt, 'kdf.salt');
  fromBase64(salt, SALT_BYTES);
  return { name: KDF_NAME, iter: kdf.iter, salt };
}

export interface DecodedEnvelope {
  envelope: Envelope;
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: Uint8Array<ArrayBuffer>;
}

/** {@link parseEnvelope} that also hands back the decoded bytes, so they are decoded once. */
export function decodeEnvelope(value: unknown): DecodedEnvelope {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch (cause) {
      throw new DecryptionError('malformed', 'Envelope is not JSON', { cause });
    }
  }
  const fields = record(parsed, ['v', 'alg', 'kdf', 'iv', 'ciphertext'], 'envelope');
  if (fields.v !== ENVELOPE_VERSION || fields.alg !== ENVELOPE_ALG) {
    throw new DecryptionError('unsupported', 'Unsupported envelope version or algorithm');
  }
  const kdf = parseKdf(fields.kdf);
  const iv = text(fields.iv, 'iv');
  const ciphertext = text(fields.ciphertext, 'ciphertext');
  const decoded = {
    iv: fromBase64(iv, IV_BYTES),
    ciphertext: fromBase64(ciphertext),
  };
  if (decoded.ciphertext.length < TAG_BYTES) throw malformed('ciphertext is shorter than a tag');
  return { envelope: { v: ENVELOPE_VERSION, alg: ENVELOPE_ALG, kdf, iv, ciphertext }, ...decoded };
}

/**
 * Validates an envelope given as an object or as its JSON text.
 * @throws {DecryptionError} `malformed` or `unsupported`.
 */
export function parseEnvelope(value: unknown): Envelope {
  return decodeEnvelope(value).envelope;
}
