import { DecryptionError } from './errors.js';

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const standard = { symbols: `${letters}+/`, padded: true } as const;
const urlSafe = { symbols: `${letters}-_`, padded: false } as const;
type Alphabet = typeof standard | typeof urlSafe;

const ascii = new TextDecoder();
const tables = new Map<Alphabet, Int8Array>();

function table(alphabet: Alphabet): Int8Array {
  let values = tables.get(alphabet);
  if (!values) {
    values = new Int8Array(128).fill(-1);
    for (let i = 0; i < 64; i++) values[alphabet.symbols.charCodeAt(i)] = i;
    tables.set(alphabet, values);
  }
  return values;
}

function encode(bytes: Uint8Array, alphabet: Alphabet): string {
  const symbols = alphabet.symbols;
  const codes = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let o = 0;
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    codes[o++] = symbols.charCodeAt(n >>> 18);
    codes[o++] = symbols.charCodeAt((n >>> 12) & 63);
    codes[o++] = symbols.charCodeAt((n >>> 6) & 63);
    codes[o++] = symbols.charCodeAt(n & 63);
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = (bytes[i]! << 16) | (rest === 2 ? bytes[i + 1]! << 8 : 0);
    codes[o++] = symbols.charCodeAt(n >>> 18);
    codes[o++] = symbols.charCodeAt((n >>> 12) & 63);
    if (rest === 2) codes[o++] = symbols.charCodeAt((n >>> 6) & 63);
    if (alphabet.padded) while (o % 4 !== 0) codes[o++] = 0x3d; // '='
  }
  // Building the text from ASCII codes in one call is far cheaper than string concatenation.
  return ascii.decode(codes.subarray(0, o));
}

function malformed(what: string): DecryptionError {
  return new DecryptionError('malformed', `Invalid ${what}`);
}

function decode(text: string, alphabet: Alphabet, what: string): Uint8Array<ArrayBuffer> {
  const values = table(alphabet);
  let end = text.length;
  if (alphabet.padded) {
    if (end % 4 !== 0) throw malformed(what);
    if (text.endsWith('==')) end -= 2;
    else if (text.endsWith('=')) end -= 1;
  }
  const tail = end % 4;
  if (tail === 1) throw malformed(what);

  const out = new Uint8Array(Math.floor((end * 3) / 4));
  const symbol = (at: number): number => {
    const code = text.charCodeAt(at);
    const value = code < 128 ? values[code]! : -1;
    if (value < 0) throw malformed(what);
    return value;
  };
  let o = 0;
  let i = 0;
  for (; i + 3 < end; i += 4) {
    const n = (symbol(i) << 18) | (symbol(i + 1) << 12) | (symbol(i + 2) << 6) | symbol(i + 3);
    out[o++] = n >>> 16;
    out[o++] = (n >>> 8) & 255;
    out[o++] = n & 255;
  }
  if (tail > 0) {
    const n = (symbol(i) << 18) | (symbol(i + 1) << 12) | (tail === 3 ? symbol(i + 2) << 6 : 0);
    // Canonical form only: the bits below the last whole byte must be zero, so every byte
    // string has exactly one accepted encoding.
    if ((n & (tail === 3 ? 0xff : 0xffff)) !== 0) throw malformed(what);
    out[o++] = n >>> 16;
    if (tail === 3) out[o++] = (n >>> 8) & 255;
  }
  return out;
}

function checkLength(bytes: Uint8Array<ArrayBuffer>, byteLength: number | undefined, what: string) {
  if (byteLength !== undefined && bytes.length !== byteLength) {
    throw new DecryptionError('malformed', `Invalid ${what}: expected ${byteLength} bytes`);
  }
  return bytes;
}

/** Standard alphabet with `=` padding (RFC 4648 §4), as used in every JSON field. */
export function toBase64(bytes: Uint8Array): string {
  return encode(bytes, standard);
}

/**
 * Strict inverse of {@link toBase64}: rejects other alphabets, missing or misplaced padding,
 * whitespace and non-zero trailing bits, and, when `byteLength` is given, any other length.
 * @throws {DecryptionError} code `malformed`.
 */
export function fromBase64(text: string, byteLength?: number): Uint8Array<ArrayBuffer> {
  return checkLength(decode(text, standard, 'base64'), byteLength, 'base64');
}

/** URL-safe alphabet without padding (RFC 4648 §5). */
export function toBase64Url(bytes: Uint8Array): string {
  return encode(bytes, urlSafe);
}

/**
 * Strict inverse of {@link toBase64Url}.
 * @throws {DecryptionError} code `malformed`.
 */
export function fromBase64Url(text: string, byteLength?: number): Uint8Array<ArrayBuffer> {
  return checkLength(decode(text, urlSafe, 'base64url'), byteLength, 'base64url');
}
