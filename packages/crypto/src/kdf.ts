import { toBase64 } from './base64.js';
import { ownBytes, randomBytes, requireLength, utf8 } from './bytes.js';
import { DecryptionError } from './errors.js';

export const KDF_NAME = 'PBKDF2-SHA-256';

// The same three numbers as `kdfLimits` in @codedrop/contract (test/contract.test.ts keeps
// them equal); duplicated so the browser bundle does not pull zod in for three constants.
/**
 * Iterations writers use: OWASP's current figure for PBKDF2-SHA-256 (docs/design.md#encryption).
 */
export const WRITE_ITERATIONS = 600_000;
/** Readers refuse fewer (docs/design.md#encryption)… */
export const MIN_ITERATIONS = 100_000;
/** …or more, so a hostile envelope cannot hang a tab. */
export const MAX_ITERATIONS = 10_000_000;

export const SALT_BYTES = 32;
export const AUTH_KEY_BYTES = 32;

export const ENC_INFO = 'codedrop/v1/enc';
export const AUTH_INFO = 'codedrop/v1/auth';

/** The `kdf` object of an envelope and of `GET /api/shares/{code}`. */
export interface KdfParams {
  name: typeof KDF_NAME;
  iter: number;
  /** base64 of 32 bytes */
  salt: string;
}

export interface DerivedKeys {
  /** AES-256-GCM key for the envelope and the file stream; not extractable. */
  encKey: CryptoKey;
  /** 32 bytes sent (base64) to unlock; the server keeps only SHA-256 of it. */
  authKey: Uint8Array<ArrayBuffer>;
}

export interface WriterKeys extends DerivedKeys {
  kdf: KdfParams;
  /** base64(SHA-256(authKey)), sent on create. */
  authVerifier: string;
}

export function checkIterations(iter: number): void {
  if (!Number.isInteger(iter) || iter < MIN_ITERATIONS || iter > MAX_ITERATIONS) {
    throw new DecryptionError(
      'unsupported',
      `KDF iterations must be an integer from ${MIN_ITERATIONS} to ${MAX_ITERATIONS}`,
    );
  }
}

/** PBKDF2-HMAC-SHA-256 → 32-byte master. Exported for the known-answer tests only. */
export async function deriveMaster(
  password: string,
  salt: Uint8Array,
  iter: number,
): Promise<Uint8Array<ArrayBuffer>> {
  checkIterations(iter);
  requireLength(salt, SALT_BYTES, 'salt');
  if (password.length === 0) throw new RangeError('password must not be empty');
  const base = await crypto.subtle.importKey('raw', utf8(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const params = { name: 'PBKDF2', hash: 'SHA-256', salt: ownBytes(salt), iterations: iter };
  return new Uint8Array(await crypto.subtle.deriveBits(params, base, 256));
}

const hkdf = (info: string): HkdfParams => ({
  name: 'HKDF',
  hash: 'SHA-256',
  salt: new Uint8Array(0),
  info: utf8(info),
});

function importMaster(master: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', ownBytes(master), 'HKDF', false, [
    'deriveBits',
    'deriveKey',
  ]);
}

/** HKDF-SHA-256(master, empty salt, info) → 32 bytes. Exported for the known-answer tests only. */
export async function expandBytes(
  master: Uint8Array,
  info: string,
): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(
    await crypto.subtle.deriveBits(hkdf(info), await importMaster(master), 256),
  );
}

/**
 * master = PBKDF2(password, salt, iter); encKey and authKey are split from it with HKDF so
 * that the key proving knowledge of the password to the server cannot decrypt anything.
 * Refuses `iter` outside MIN_ITERATIONS…MAX_ITERATIONS before any work.
 * @throws {DecryptionError} code `unsupported` for out-of-range iterations.
 */
export async function deriveKeys(
  password: string,
  salt: Uint8Array,
  iter: number,
): Promise<DerivedKeys> {
  const masterBytes = await deriveMaster(password, salt, iter);
  const master = await importMaster(masterBytes);
  // importKey copied it; the raw master need not linger in the JS heap until collected.
  masterBytes.fill(0);
  const aes = { name: 'AES-GCM', length: 256 };
  const [encKey, authKey] = await Promise.all([
    crypto.subtle.deriveKey(hkdf(ENC_INFO), master, aes, false, ['encrypt', 'decrypt']),
    crypto.subtle.deriveBits(hkdf(AUTH_INFO), master, 256),
  ]);
  return { encKey, authKey: new Uint8Array(authKey) };
}

/** base64(SHA-256(authKey)): what the server stores and compares against. */
export async function authVerifier(authKey: Uint8Array): Promise<string> {
  requireLength(authKey, AUTH_KEY_BYTES, 'authKey');
  return toBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', ownBytes(authKey))));
}

export interface CreateKeysOptions {
  /** Defaults to WRITE_ITERATIONS. */
  iter?: number;
  /** 32 bytes; random by default. Fixed only in known-answer tests. */
  salt?: Uint8Array;
}

/** Writer side: fresh salt, derived keys, the `kdf` object to publish and the verifier. */
export async function createKeys(
  password: string,
  options: CreateKeysOptions = {},
): Promise<WriterKeys> {
  const iter = options.iter ?? WRITE_ITERATIONS;
  const salt = options.salt ?? randomBytes(SALT_BYTES);
  const keys = await deriveKeys(password, salt, iter);
  return {
    ...keys,
    kdf: { name: KDF_NAME, iter, salt: toBase64(salt) },
    authVerifier: await authVerifier(keys.authKey),
  };
}
