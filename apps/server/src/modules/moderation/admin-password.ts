import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * The console's password is kept only as an scrypt hash (ADMIN_PASSWORD_HASH, printed by
 * `npm run admin:hash`), in the PHC-like form `$scrypt$ln=17,r=8,p=1$<salt>$<hash>`
 * (base64 without padding). N = 2^17 with r = 8 is OWASP's recommended cost: about
 * 128 MiB and a few hundred milliseconds per sign-in, which the sign-in limits and one check
 * at a time (password-checker.ts) bound.
 */
export interface PasswordHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

const pattern =
  /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{43,})$/;
const defaultCost = { logN: 17, r: 8, p: 1 };

/** null when `text` is not a hash this module wrote (start-up names the variable). */
export function parsePasswordHash(text: string): PasswordHash | null {
  const match = pattern.exec(text.trim());
  if (match === null) return null;
  const [, logN, r, p, salt, hash] = match;
  const parsed = {
    logN: Number(logN),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt!, 'base64'),
    hash: Buffer.from(hash!, 'base64'),
  };
  if (parsed.logN < 14 || parsed.logN > 22 || parsed.r < 1 || parsed.p < 1) return null;
  return parsed;
}

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
