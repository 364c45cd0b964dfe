import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHash } from '../../config/password-hash.js';

export { parsePasswordHash, type PasswordHash } from '../../config/password-hash.js';

/**
 * Hashes and checks the console's password (its stored form: config/password-hash.ts).
 * N = 2^17 with r = 8 is OWASP's recommended cost; the sign-in limits and one check at a
 * time (password-checker.ts) bound what it takes.
 */
const defaultCost = { logN: 17, r: 8, p: 1 };

function scryptOptions(cost: typeof defaultCost): ScryptOptions {
  const N = 2 ** cost.logN;
  return { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r };
}

function derive(password: string, salt: Buffer, cost: typeof defaultCost, length: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, scryptOptions(cost), (error, key) =>
      error === null ? resolve(key) : reject(error),
    );
  });
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

export async function hashPassword(password: string, cost = defaultCost): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, cost, 32);
  return `$scrypt$ln=${cost.logN},r=${cost.r},p=${cost.p}$${b64(salt)}$${b64(hash)}`;
}

/**
 * Runs scrypt on the calling thread: the console's password worker calls it, so a sign-in
 * never takes a thread of libuv's pool, which file reads and writes wait for
 * (password-checker.ts).
 */
export function verifyPasswordSync(password: string, stored: PasswordHash): boolean {
  const options = scryptOptions(stored);
  const candidate = scryptSync(password.normalize('NFC'), stored.salt, stored.hash.length, options);
  return timingSafeEqual(candidate, stored.hash);
}
