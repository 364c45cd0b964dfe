/** 56 letters and digits without the look-alikes 0/O/o and 1/I/l, for copying by hand. */
export const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const PASSWORD_LENGTH = 20;

/** Fills the array with random bytes; `crypto.getRandomValues` unless a test injects one. */
export type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => void;

const getRandomValues: RandomFill = (bytes) => {
  crypto.getRandomValues(bytes);
};

/**
 * Bytes at or above this are rejected: it is the largest multiple of the alphabet size
 * not above 256, so `byte % size` is uniform over the accepted bytes (no modulo bias).
 */
export function rejectionThreshold(alphabetSize: number): number {
  return 256 - (256 % alphabetSize);
}

export interface PasswordOptions {
  length?: number;
  alphabet?: string;
  random?: RandomFill;
}

export function generatePassword(options: PasswordOptions = {}): string {
  const { length = PASSWORD_LENGTH, alphabet = PASSWORD_ALPHABET } = options;
  const random = options.random ?? getRandomValues;
  const symbols = [...alphabet];
  if (!Number.isSafeInteger(length) || length < 1) throw new RangeError('length must be ≥ 1');
  if (symbols.length < 2 || symbols.length > 256 || new Set(symbols).size !== symbols.length) {
    throw new RangeError('alphabet must hold 2 to 256 distinct characters');
  }
  const threshold = rejectionThreshold(symbols.length);
  // Twice the length makes a second draw rare; getRandomValues refuses more than 64 KiB.
  const buffer = new Uint8Array(Math.min(length * 2, 65_536));
  let password = '';
  let count = 0;
  while (count < length) {
    random(buffer);
    for (const byte of buffer) {
      if (byte >= threshold) continue;
      password += symbols[byte % symbols.length];
      if (++count === length) break;
    }
  }
  return password;
}
