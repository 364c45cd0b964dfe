import { join } from 'node:path';
import { createLocalBlobStore } from './local.js';
import type { BlobStore } from './blob-store.js';
import type { S3BlobStoreOptions } from './s3.js';

export interface BlobStoreConfig {
  storage: 'local' | 's3';
  /** The local store keeps its objects in `${dataDir}/blobs`. */
  dataDir: string;
  /** Required when `storage` is 's3'. */
  s3?: S3BlobStoreOptions;
}

/**
 * The configured store. The S3 adapter is imported only when it is configured: the AWS SDK
 * is the largest thing the server would otherwise load, and a process on local disk never
 * uses it (see docs/design.md#start-up).
 */
export async function createBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  if (config.storage === 'local')
    return createLocalBlobStore({ dir: join(config.dataDir, 'blobs') });
  if (!config.s3) throw new Error('STORAGE=s3 needs the S3 settings');
  const { createS3BlobStore } = await import('./s3.js');
  return createS3BlobStore(config.s3);
}
