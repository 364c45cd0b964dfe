import { createHash } from 'node:crypto';
import type { BlobStore } from '../../infra/blob/port.js';

/**
 * SHA-256 (hex) of a stored object, read once from the store: what the block list holds
 * (blocked-hashes.repository.ts) for a file stored before hashes were kept.
 */
export async function hashBlob(blobs: BlobStore, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await blobs.get(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
