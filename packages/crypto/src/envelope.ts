import { fromBase64, toBase64 } from './base64.js';
import { fromUtf8, ownBytes, randomBytes, requireLength, utf8 } from './bytes.js';
import {
  ENVELOPE_ALG,
  ENVELOPE_VERSION,
  IV_BYTES,
  decodeEnvelope,
  parseKdf,
  type Envelope,
} from './envelope-parse.js';
import { DecryptionError } from './errors.js';
import {
  createKeys,
  deriveKeys,
  type CreateKeysOptions,
  type DerivedKeys,
  type KdfParams,
} from './kdf.js';

export interface SealOptions {
  /** 12 bytes; random by default. Fixed only in known-answer tests. */
  iv?: Uint8Array;
}

/** What a writer needs to seal: the key and the `kdf` object readers will derive it from. */
export interface SealingKeys {
  encKey: CryptoKey;
  kdf: KdfParams;
}

export async function sealBytes(
  keys: SealingKeys,
  plaintext: Uint8Array,
  options: SealOptions = {},
): Promise<Envelope> {
  const iv = options.iv ?? randomBytes(IV_BYTES);
  requireLength(iv, IV_BYTES, 'iv');
  const params = { name: 'AES-GCM', iv: ownBytes(iv), tagLength: 128 };
  const sealed = await crypto.subtle.encrypt(params, keys.encKey, ownBytes(plaintext));
  return {
    v: ENVELOPE_VERSION,
    alg: ENVELOPE_ALG,
    kdf: { ...keys.kdf },
    iv: toBase64(iv),
    ciphertext: toBase64(new Uint8Array(sealed)),
  };
}

/**
 * Decrypts an envelope (object or JSON text) with an already derived key.
 * @throws {DecryptionError} for a malformed envelope or a failed authentication.
 */
export async function openBytes(
  encKey: CryptoKey,
  envelope: unknown,
): Promise<Uint8Array<ArrayBuffer>> {
  const { iv, ciphertext } = decodeEnvelope(envelope);
  try {
    const params = { name: 'AES-GCM', iv, tagLength: 128 };
    return new Uint8Array(await crypto.subtle.decrypt(params, encKey, ciphertext));
  } catch (cause) {
    throw new DecryptionError('authentication', 'Wrong password or altered data', { cause });
  }
}

/**
 * Reader side: validates the published `kdf` object (refusing out-of-range iterations before
 * any work) and derives the keys. Derive once, send `authKey` to unlock, then open with `encKey`.
 * @throws {DecryptionError} `malformed` or `unsupported`.
 */
export async function deriveKeysFor(password: string, kdf: unknown): Promise<DerivedKeys> {
  const params = parseKdf(kdf);
  return await deriveKeys(password, fromBase64(params.salt), params.iter);
}

export type EncryptOptions = CreateKeysOptions & SealOptions;

export interface EncryptResult {
  envelope: Envelope;
  /** 32 bytes; send base64 of it to unlock. */
  authKey: Uint8Array<ArrayBuffer>;
  /** base64(SHA-256(authKey)); send on create. */
  authVerifier: string;
  /** The same key also encrypts the file stream of a file share. */
  encKey: CryptoKey;
}

export async function encryptBytes(
  password: string,
  plaintext: Uint8Array,
  options: EncryptOptions = {},
): Promise<EncryptResult> {
  const keys = await createKeys(password, options);
  const envelope = await sealBytes(keys, plaintext, options);
  return { envelope, authKey: keys.authKey, authVerifier: keys.authVerifier, encKey: keys.encKey };
}

/** Derives the keys from the envelope's own `kdf` and decrypts it. */
export async function decryptBytes(
  password: string,
  envelope: unknown,
): Promise<Uint8Array<ArrayBuffer>> {
  const { envelope: parsed } = decodeEnvelope(envelope);
  const { encKey } = await deriveKeysFor(password, parsed.kdf);
  return openBytes(encKey, parsed);
}

/** Text shares and notes (the note's HTML): the UTF-8 text. */
export async function sealText(
  keys: SealingKeys,
  text: string,
  options?: SealOptions,
): Promise<Envelope> {
  return await sealBytes(keys, utf8(text), options);
}

export async function openText(encKey: CryptoKey, envelope: unknown): Promise<string> {
  return fromUtf8(await openBytes(encKey, envelope));
}

export async function encryptText(
  password: string,
  text: string,
  options?: EncryptOptions,
): Promise<EncryptResult> {
  return await encryptBytes(password, utf8(text), options);
}

export async function decryptText(password: string, envelope: unknown): Promise<string> {
  return fromUtf8(await decryptBytes(password, envelope));
}
