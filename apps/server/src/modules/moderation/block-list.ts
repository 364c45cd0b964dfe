import { createHash } from 'node:crypto';
import { messages } from '@codedrop/contract';
import type { BlobStore } from '../../infra/blob/port.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { AppError } from '../../http/app-error.js';

type Db = Kysely<Database>;

export async function isBlocked(db: Db, sha256: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocked_hashes')
    .select('sha256')
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row !== undefined;
}

/** Files an operator blocked can never be shared again: 403 CONTENT_BLOCKED. */
export async function assertNotBlocked(db: Db, sha256: string): Promise<void> {
  if (await isBlocked(db, sha256)) throw new AppError('CONTENT_BLOCKED', messages.contentBlocked);
}

/** SHA-256 (hex) of a stored object, read once from the store. */
export async function hashBlob(blobs: BlobStore, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await blobs.get(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function blockHashes(
  db: Db,
  hashes: readonly string[],
  code: string,
  now: Date,
): Promise<void> {
  if (hashes.length === 0) return;
  await db
    .insertInto('blocked_hashes')
    .values(hashes.map((sha256) => ({ sha256, code, created_at: now })))
    .onConflict((conflict) => conflict.column('sha256').doNothing())
    .execute();
}
