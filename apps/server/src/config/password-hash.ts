/**
 * The console's password is kept only as an scrypt hash (ADMIN_PASSWORD_HASH, printed by
 * `npm run admin:hash`), in the PHC-like form `$scrypt$ln=17,r=8,p=1$<salt>$<hash>`
 * (base64 without padding). Reading the form is configuration's; hashing and checking
 * passwords is the console's (modules/moderation/admin-password.ts).
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

/** null when `text` is not a hash `npm run admin:hash` wrote (start-up names the variable). */
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
