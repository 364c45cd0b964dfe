import type { Config } from '../../config/config.js';
import type { S3BlobStoreOptions } from './s3-client.js';

/** The S3 settings of the configuration, as the S3 adapters take them. */
export function s3OptionsOf(config: Config): S3BlobStoreOptions {
  return {
    bucket: config.s3.bucket,
    region: config.s3.region,
    forcePathStyle: config.s3.forcePathStyle,
    // Resumable uploads take their parts (UPLOAD_CHUNK_BYTES each) from the same budget.
    uploadBufferBytes: Math.max(config.s3.uploadBufferBytes, config.uploadChunkBytes),
    ...(config.s3.endpoint === null ? {} : { endpoint: config.s3.endpoint }),
    ...(config.s3.accessKeyId === null ? {} : { accessKeyId: config.s3.accessKeyId }),
    ...(config.s3.secretAccessKey === null ? {} : { secretAccessKey: config.s3.secretAccessKey }),
  };
}
