import type { Kysely } from 'kysely';
import { blobKeyTimestamp, bundleStem, type BlobStore } from '../../infra/blob/port.js';
import type { Database } from '../../infra/db/port.js';
import { ownedFirstKeys } from '../shares/repository/index.js';
import { ownedSubmissionKeys } from '../requests/submissions.repository.js';

/** Uploads finish well within this; a blob older than it with no row is an orphan. */
export const orphanAgeMs = 3_600_000;
const batchSize = 500;

/**
 * Deletes blobs no share owns whose name's timestamp is over an hour old (left by
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
    const keep = await referencedKeys(db, batch);
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
  deleted +=
    (await blobs.sweepIncomplete?.(new Date(cutoff), (keys) => referencedKeys(db, keys))) ?? 0;
  return deleted;
}

/**
 * Which of `keys` a share or a submission still owns. A first file's key is its row's `first_file_key`; a
 * further file of a bundle is owned while the share whose first key has the same stem
 * exists (the stem is followed by nothing or an extension, so an indexed range finds it).
 */
async function referencedKeys(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  const stems = new Map(keys.map((key) => [key, bundleStem(key)] as const));
  const firstKeys = keys.filter((key) => stems.get(key) === null);
  const bundleStems = [...new Set([...stems.values()].filter((stem) => stem !== null))];
  const owned = await ownedFirstKeys(db, firstKeys, bundleStems);
  // A submission's blob (modules/requests/) is a first key that no share has.
  const submissions = await ownedSubmissionKeys(db, firstKeys);
  const ownedStems = new Set([...owned].map((key) => key?.replace(/\.[a-z0-9]+$/, '')));
  return new Set(
    keys.filter((key) => {
      const stem = stems.get(key);
      if (stem !== null) return ownedStems.has(stem);
      return owned.has(key) || submissions.has(key);
    }),
  );
}
