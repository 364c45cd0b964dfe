import { hash, randomFillSync, timingSafeEqual } from 'node:crypto';

/** One-shot: no Hash object per call, which a create paid for its delete token. */
export function sha256Base64(data: Buffer | string): string {
  return hash('sha256', data, 'base64');
}

// Random bytes are drawn from the system a page at a time and handed out once each: one
// call per token cost a system call on every share created.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function freshRandomBytes(size: number): Buffer {
  if (poolOffset + size > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + size));
  // Used bytes are overwritten, so no later reader of the pool can see a handed-out token.
  pool.fill(0, poolOffset, poolOffset + size);
  poolOffset += size;
  return bytes;
}

/** A bearer token for the creator (delete), and the hash that is all the database keeps. */
export function newDeleteToken(): { token: string; hash: string } {
  const token = freshRandomBytes(32).toString('base64url');
  return { token, hash: sha256Base64(token) };
}

/** Constant-time comparison of two base64 digests. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'base64');
  const right = Buffer.from(b, 'base64');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
