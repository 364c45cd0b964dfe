import { DecryptionError } from './errors.js';

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text);
}

export function fromUtf8(bytes: Uint8Array): string {
  try {
    return strictDecoder.decode(bytes);
  } catch (cause) {
    throw new DecryptionError('malformed', 'Decrypted bytes are not UTF-8', { cause });
  }
}

/** Cryptographically random bytes from `crypto.getRandomValues`. */
export function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/**
 * WebCrypto's typings want memory backed by a plain ArrayBuffer; callers may hand us a view
 * over a SharedArrayBuffer (or a Node Buffer typed as such), which we copy.
 */
export function ownBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer
    ? (bytes as Uint8Array<ArrayBuffer>)
    : new Uint8Array(bytes);
}

export function requireLength(bytes: Uint8Array, length: number, what: string): void {
  if (bytes.length !== length) throw new RangeError(`${what} must be ${length} bytes`);
}
