import type { Kysely } from 'kysely';
import { blobKeyTimestamp } from '../adapters/blob/keys.js';
import type { BlobStore } from '../adapters/blob/port.js';
import type { Database } from '../adapters/db/schema.js';

/** Uploads finish well within this; a blob older than it with no row is an orphan. */
export const orphanAgeMs = 3_600_000;
const batchSize = 500;

/**
 * Deletes blobs no share references whose name's timestamp is over an hour old (left by
 * uploads that died between storing the blob and writing the row), and whatever puts
 * interrupted by a crash left half-written. Safe from several instances at once.
 */
export async function sweepOrphanBlobs(
  db: Kysely<Database>,
  blobs: BlobStore,
  now: Date,
): Promise<number> {
  const cutoff = now.getTime() - orphanAgeMs;
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const referenced = await db
      .selectFrom('shares')
      .select('blob_key')
      .where('blob_key', 'in', batch)
      .execute();
    const keep = new Set(referenced.map((row) => row.blob_key));
    const orphans = batch.filter((key) => !keep.has(key));
    await Promise.all(orphans.map((key) => blobs.delete(key)));
    deleted += orphans.length;
    batch = [];
  };
  for await (const { key } of blobs.list()) {
    const created = blobKeyTimestamp(key);
    if (created !== null && created < cutoff) batch.push(key);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  deleted += (await blobs.sweepIncomplete?.(new Date(cutoff))) ?? 0;
  return deleted;
}
