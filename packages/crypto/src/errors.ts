/**
 * Why a decryption or a parse of untrusted encrypted data failed. Callers branch on `code`
 * (or just on the class), never on the message (docs/architecture.md#conventions).
 */
export type DecryptionErrorCode =
  /** Not well-formed: bad base64, bad JSON shape, bad header, impossible stored length. */
  | 'malformed'
  /** Well-formed but outside what readers accept: version, algorithm, KDF name or iterations. */
  | 'unsupported'
  /** The AES-GCM tag did not verify: wrong password/key, or altered, reordered or cut data. */
  | 'authentication'
  /** The stream ended before its declared length. */
  | 'truncated'
  /** The stream went on past its declared length. */
  | 'extended'
  /** The stored length does not match the plaintext size the metadata promises. */
  | 'size-mismatch'
  /**
   * A request's public key, or a submission's ephemeral key, is not a usable key: wrong
   * length, not a point on its curve, or a low-order point that gives an all-zero secret.
   */
  | 'bad-public-key'
  /**
   * Keys that must belong together do not: a sealed private key that is not the request's
   * public key's, or a submission made on another curve than the request's key.
   */
  | 'key-mismatch';

export class DecryptionError extends Error {
  override readonly name = 'DecryptionError';
  readonly code: DecryptionErrorCode;

  constructor(code: DecryptionErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** `instanceof` fails across realms (a bundle loaded twice, a worker); this does not. */
export function isDecryptionError(value: unknown): value is DecryptionError {
  return (
    value instanceof DecryptionError ||
    (value instanceof Error && value.name === 'DecryptionError' && 'code' in value)
  );
}
