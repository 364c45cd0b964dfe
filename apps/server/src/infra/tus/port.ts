// What the files module builds its resumable uploads from: the tus data stores, their
// upload records and leases, and the streaming hashes of what they hold.
export { InflightWrites } from './inflight-writes.js';
export { LocalUploadStore } from './local-upload-store.js';
export { StreamingHashes } from './streaming-hashes.js';
export { createDbLocker } from './upload-locks.js';
export { createUploadInfoStore, deleteUploadRecords } from './upload-records.js';

/** The S3 store loads the AWS SDK: only a deployment on S3 pays for it. */
export const loadS3UploadStore = () => import('./s3-upload-store.js');
