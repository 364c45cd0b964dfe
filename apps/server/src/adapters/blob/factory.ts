import { join } from 'node:path';
import { createLocalBlobStore } from './local.js';
import type { BlobStore } from './port.js';
import { createS3BlobStore } from './s3.js';
import type { S3BlobStoreOptions } from './s3.js';

export interface BlobStoreConfig {
  storage: 'local' | 's3';
  /** The local store keeps its objects in `${dataDir}/blobs`. */
  dataDir: string;
  /** Required when `storage` is 's3'. */
  s3?: S3BlobStoreOptions;
}

export function createBlobStore(config: BlobStoreConfig): BlobStore {
  if (config.storage === 'local')
    return createLocalBlobStore({ dir: join(config.dataDir, 'blobs') });
  if (!config.s3) throw new Error('STORAGE=s3 needs the S3 settings');
  return createS3BlobStore(config.s3);
}
