import { fromBase64, toBase64 } from './base64.js';
import { fromUtf8, ownBytes, utf8 } from './bytes.js';
import { deriveKeysFor, openBytes, sealBytes, type EncryptOptions } from './envelope.js';
import { decodeEnvelope, type Envelope } from './envelope-parse.js';
import { DecryptionError } from './errors.js';
import { createKeys, type KdfParams } from './kdf.js';
import {
  curveAlgorithm,
  curveOf,
  exportRequestPublicKey,
  isRequestCurve,
  parseRequestPublicKey,
  rawPublicKeyOf,
  type RequestCurve,
  type RequestPublicKey,
} from './request-public-key.js';
import { exactRecord, jsonValue, malformed, stringField } from './strict-json.js';

/** A request's key pair; the private key is extractable so that it can be sealed. */
export interface RequestKeyPair {
  curve: RequestCurve;
  publicKey: CryptoKey;
  privateKey: CryptoKey;
}

let preferred: Promise<RequestCurve> | undefined;

async function probeX25519(): Promise<RequestCurve> {
  try {
    await crypto.subtle.generateKey({ name: 'X25519' }, false, ['deriveBits']);
    return 'X25519';
  } catch {
    return 'P-256';
  }
}

/**
 * X25519 where this runtime's WebCrypto has it, else P-256, which every browser has. Only
 * the asker's runtime needs to choose: senders use whatever curve the request's key is on.
 */
export function preferredRequestCurve(): Promise<RequestCurve> {
  preferred ??= probeX25519();
  return preferred;
}

export async function generateRequestKeyPair(
  curve: RequestCurve = 'P-256',
): Promise<RequestKeyPair> {
  if (!isRequestCurve(curve)) throw new RangeError(`unknown curve ${String(curve)}`);
  const pair = (await crypto.subtle.generateKey(curveAlgorithm(curve), true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  return { curve, publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/**
 * A key pair from a PKCS#8 private key, its public key computed from it.
 * @throws {DecryptionError} `malformed` when the bytes are not a private key on `curve`.
 */
export async function importRequestKeyPair(
  curve: RequestCurve,
  pkcs8: Uint8Array,
): Promise<RequestKeyPair> {
  let privateKey: CryptoKey;
  try {
    privateKey = await crypto.subtle.importKey(
      'pkcs8',
      ownBytes(pkcs8),
      curveAlgorithm(curve),
      true,
      ['deriveBits'],
    );
  } catch (cause) {
    throw malformed(`Not a ${curve} private key`, cause);
  }
  const raw = await rawPublicKeyOf(curve, privateKey);
  const publicKey = await crypto.subtle.importKey('raw', raw, curveAlgorithm(curve), true, []);
  return { curve, publicKey, privateKey };
}

export interface SealedRequestKey {
  /** A v1 envelope of `{"curve","pkcs8"}`: served only after the unlock proof, as a share's. */
  sealedKey: Envelope;
  /** base64(SHA-256(authKey)); sent on create. */
  authVerifier: string;
  kdf: KdfParams;
  /** What senders encrypt to. */
  publicKey: RequestPublicKey;
}

/** Seals the request's private key under the asker's password, with the share envelope. */
export async function sealRequestKey(
  password: string,
  keyPair: RequestKeyPair,
  options: EncryptOptions = {},
): Promise<SealedRequestKey> {
  const { curve, privateKey, publicKey } = keyPair;
  if (curveOf(privateKey) !== curve || curveOf(publicKey) !== curve) {
    throw new RangeError(`keyPair must hold ${String(curve)} keys`);
  }
  const keys = await createKeys(password, options);
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', privateKey));
  const plaintext = utf8(JSON.stringify({ curve, pkcs8: toBase64(pkcs8) }));
  pkcs8.fill(0);
  const sealedKey = await sealBytes(keys, plaintext, options);
  plaintext.fill(0);
  return {
    sealedKey,
    authVerifier: keys.authVerifier,
    kdf: keys.kdf,
    publicKey: await exportRequestPublicKey(curve, publicKey),
  };
}

function parsePrivateKey(plaintext: Uint8Array): { curve: RequestCurve; pkcs8: Uint8Array } {
  const fields = exactRecord(
    jsonValue(fromUtf8(plaintext), 'Private key'),
    ['curve', 'pkcs8'],
    'private key',
  );
  if (!isRequestCurve(fields.curve)) {
    throw new DecryptionError('unsupported', 'Unsupported private key curve');
  }
  return { curve: fields.curve, pkcs8: fromBase64(stringField(fields.pkcs8, 'pkcs8')) };
}

export interface OpenedRequestKey {
  curve: RequestCurve;
  /** Not extractable; opens the submissions (openSubmission). */
  privateKey: CryptoKey;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * Opens the sealed private key with the password's encKey and checks that it is the private
 * key of the request's published `publicKey`: senders encrypt to the published key, so a key
 * that does not match it could open none of the submissions.
 * @throws {DecryptionError} `authentication` for a wrong password or altered envelope,
 *   `key-mismatch` when the key is not the public key's, `malformed`/`unsupported`/`bad-public-key`.
 */
export async function openRequestKey(
  encKey: CryptoKey,
  sealedKey: unknown,
  publicKey: unknown,
): Promise<OpenedRequestKey> {
  const expected = await parseRequestPublicKey(publicKey);
  const plaintext = await openBytes(encKey, sealedKey);
  const { curve, pkcs8 } = parsePrivateKey(plaintext);
  plaintext.fill(0);
  if (curve !== expected.curve) {
    throw new DecryptionError(
      'key-mismatch',
      'The private key is on another curve than the public key',
    );
  }
  const pair = await importRequestKeyPair(curve, pkcs8);
  const actual = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  if (!sameBytes(actual, expected.raw)) {
    throw new DecryptionError('key-mismatch', 'The private key does not belong to the public key');
  }
  // Import again without extractability: nothing after this point needs the key's bytes.
  const privateKey = await crypto.subtle.importKey(
    'pkcs8',
    ownBytes(pkcs8),
    curveAlgorithm(curve),
    false,
    ['deriveBits'],
  );
  pkcs8.fill(0);
  return { curve, privateKey };
}

/** {@link openRequestKey} from the password, deriving the key from the envelope's own `kdf`. */
export async function decryptRequestKey(
  password: string,
  sealedKey: unknown,
  publicKey: unknown,
): Promise<OpenedRequestKey> {
  const { envelope } = decodeEnvelope(sealedKey);
  const { encKey } = await deriveKeysFor(password, envelope.kdf);
  return await openRequestKey(encKey, envelope, publicKey);
}
