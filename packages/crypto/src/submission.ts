import { toBase64 } from './base64.js';
import { ownBytes, randomBytes, requireLength, utf8 } from './bytes.js';
import { ENVELOPE_ALG, ENVELOPE_VERSION, IV_BYTES } from './envelope-parse.js';
import { DecryptionError } from './errors.js';
import { importRequestKeyPair } from './request-keys.js';
import {
  badPublicKey,
  curveAlgorithm,
  curveOf,
  importPublicKey,
  parseRequestPublicKey,
  type RequestCurve,
} from './request-public-key.js';
import { decodeSubmissionHeader, kexName, type SubmissionHeader } from './submission-header.js';
import {
  deserializeSubmissionMeta,
  serializeSubmissionMeta,
  type SubmissionMeta,
} from './submission-meta.js';

export const REQUEST_INFO = 'codedrop/v1/request';

/**
 * ECDH → 32 bytes: the x-coordinate for P-256, the u-coordinate for X25519. A low-order
 * X25519 key yields zeros whatever the other side's key, which would make the submission
 * key public: refused, whether the runtime's WebCrypto refuses it itself or not.
 * @throws {DecryptionError} `bad-public-key`.
 */
async function agree(
  curve: RequestCurve,
  privateKey: CryptoKey,
  publicKey: CryptoKey,
): Promise<Uint8Array<ArrayBuffer>> {
  const params = { name: curve === 'P-256' ? 'ECDH' : 'X25519', public: publicKey };
  let shared: Uint8Array<ArrayBuffer>;
  try {
    shared = new Uint8Array(await crypto.subtle.deriveBits(params, privateKey, 256));
  } catch (cause) {
    throw badPublicKey('Key agreement failed', cause);
  }
  if (shared.reduce((all, byte) => all | byte, 0) === 0) {
    throw badPublicKey('The public key is a low-order point');
  }
  return shared;
}

/**
 * HKDF-SHA-256(shared, salt = ephemeral public ‖ request public, info) → AES-256-GCM.
 * Both public keys in the salt tie the key to this pair: the same shared secret reached
 * with other public keys gives another key.
 */
async function submissionKey(
  shared: Uint8Array<ArrayBuffer>,
  epk: Uint8Array,
  requestKey: Uint8Array,
): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  shared.fill(0);
  const salt = new Uint8Array(epk.length + requestKey.length);
  salt.set(epk);
  salt.set(requestKey, epk.length);
  const params = { name: 'HKDF', hash: 'SHA-256', salt, info: utf8(REQUEST_INFO) };
  const aes = { name: 'AES-GCM', length: 256 };
  return await crypto.subtle.deriveKey(params, base, aes, false, ['encrypt', 'decrypt']);
}

/** Its private key is used once, here, and never leaves WebCrypto. */
async function generateEphemeral(curve: RequestCurve): Promise<CryptoKeyPair> {
  const algorithm = curveAlgorithm(curve);
  return (await crypto.subtle.generateKey(algorithm, false, ['deriveBits'])) as CryptoKeyPair;
}

export interface SealSubmissionOptions {
  /** 12 bytes; random by default. Fixed only in known-answer tests. */
  iv?: Uint8Array;
  /** PKCS#8 of the ephemeral private key; fresh by default. Fixed only in known-answer tests. */
  ephemeralPkcs8?: Uint8Array;
}

export interface SealedSubmission {
  /** Stored as the submission's envelope. */
  header: SubmissionHeader;
  /** Encrypts each file of the submission with the stream format (encryptBlob, encryptChunks). */
  encKey: CryptoKey;
}

/**
 * Sender side: encrypts the metadata to the request's public key (untrusted, from the server;
 * validated here) with a fresh ephemeral key pair.
 * @throws {DecryptionError} for a public key that is not a usable key; RangeError for `meta`
 *   that cannot be sent (no file and no text, a text too long).
 */
export async function sealSubmission(
  publicKey: unknown,
  meta: SubmissionMeta,
  options: SealSubmissionOptions = {},
): Promise<SealedSubmission> {
  const plaintext = serializeSubmissionMeta(meta);
  const iv = options.iv ?? randomBytes(IV_BYTES);
  requireLength(iv, IV_BYTES, 'iv');
  const request = await parseRequestPublicKey(publicKey);
  const ephemeral = options.ephemeralPkcs8
    ? await importRequestKeyPair(request.curve, options.ephemeralPkcs8)
    : await generateEphemeral(request.curve);
  const epk = new Uint8Array(await crypto.subtle.exportKey('raw', ephemeral.publicKey));
  const shared = await agree(request.curve, ephemeral.privateKey, request.cryptoKey);
  const encKey = await submissionKey(shared, epk, request.raw);
  const params = { name: 'AES-GCM', iv: ownBytes(iv), tagLength: 128 };
  const sealed = new Uint8Array(await crypto.subtle.encrypt(params, encKey, plaintext));
  const header: SubmissionHeader = {
    v: ENVELOPE_VERSION,
    alg: ENVELOPE_ALG,
    kex: { name: kexName(request.curve), epk: toBase64(epk) },
    iv: toBase64(iv),
    ciphertext: toBase64(sealed),
  };
  return { header, encKey };
}

export interface OpenedSubmission {
  meta: SubmissionMeta;
  /** Decrypts each file of the submission (decryptBlob, decryptStream). */
  encKey: CryptoKey;
}

/**
 * Asker side: opens a submission's header with the request's private key (openRequestKey)
 * and the request's public key, which the key derivation binds.
 * @throws {DecryptionError} `authentication` for a header made for another key or altered,
 *   `key-mismatch` for a header or private key on another curve than the public key,
 *   `bad-public-key`, `malformed` or `unsupported`.
 */
export async function openSubmission(
  privateKey: CryptoKey,
  requestPublicKey: unknown,
  header: unknown,
): Promise<OpenedSubmission> {
  const decoded = decodeSubmissionHeader(header);
  const request = await parseRequestPublicKey(requestPublicKey);
  if (decoded.curve !== request.curve) {
    throw new DecryptionError('key-mismatch', 'The submission was made for a key on another curve');
  }
  if (curveOf(privateKey) !== request.curve) {
    throw new DecryptionError(
      'key-mismatch',
      'The private key is on another curve than the request key',
    );
  }
  const epk = await importPublicKey(request.curve, decoded.epk);
  const shared = await agree(request.curve, privateKey, epk);
  const encKey = await submissionKey(shared, decoded.epk, request.raw);
  let plaintext: Uint8Array<ArrayBuffer>;
  try {
    const params = { name: 'AES-GCM', iv: decoded.iv, tagLength: 128 };
    plaintext = new Uint8Array(await crypto.subtle.decrypt(params, encKey, decoded.ciphertext));
  } catch (cause) {
    throw new DecryptionError('authentication', 'Wrong key or altered data', { cause });
  }
  return { meta: deserializeSubmissionMeta(plaintext), encKey };
}
