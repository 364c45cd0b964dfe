// What modules may use of the blob layer: the store's port and its errors, key names,
// the download header, and what resumable uploads to S3 need of the S3 adapter.
export * from './blob-store.js';

export { attachmentDisposition } from './content-disposition.js';
export { blobKeyTimestamp, bundleBlobKey, bundleStem, newBlobKey } from './keys.js';
export type { PartBuffers } from './part-buffers.js';
export type { S3BlobStore } from './s3.js';
export { s3OptionsOf } from './s3-options.js';

/** The S3 client loads the AWS SDK: only a deployment on S3 pays for it. */
export const loadS3Client = () => import('./s3-client.js');
