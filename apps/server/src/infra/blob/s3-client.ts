import { S3Client } from '@aws-sdk/client-s3';

export interface S3BlobStoreOptions {
  /** Omit for AWS itself; set for MinIO, R2, s3rver and other S3-compatible stores. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Give both or neither; neither uses the SDK's default chain (environment, IAM role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Attempts per request, first included (default 3). */
  maxAttempts?: number;
  /** Milliseconds to open a connection (default 5 000). */
  connectionTimeoutMs?: number;
  /** Milliseconds a socket may stay idle mid-request or mid-download (default 30 000). */
  socketTimeoutMs?: number;
  /** Milliseconds /healthz waits for the bucket to answer (default 3 000). */
  healthTimeoutMs?: number;
  /** Multipart part size in bytes (default and minimum 5 MiB). */
  partSize?: number;
  /** Keys per listing page (default 1 000, the S3 maximum). */
  listPageSize?: number;
  /** Parts of one put sent at once; a put holds at most queueSize + 1 parts (default 2). */
  queueSize?: number;
  /**
   * Bytes the part buffers of every put in the process may take together (default 20 MiB,
   * at least one part): puts beyond it wait for a buffer and are not read meanwhile.
   */
  uploadBufferBytes?: number;
  /** Milliseconds a part may take to fill before it stops counting against the budget (5 000). */
  partSetAsideMs?: number;
}

export function createS3Client(options: S3BlobStoreOptions): S3Client {
  const { accessKeyId, secretAccessKey } = options;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3 access key id and secret access key must be given together');
  }
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    maxAttempts: options.maxAttempts ?? 3,
    requestHandler: {
      connectionTimeout: options.connectionTimeoutMs ?? 5_000,
      socketTimeout: options.socketTimeoutMs ?? 30_000,
    },
    // The SDK's default CRC32 trailers (aws-chunked bodies) are rejected or stored verbatim
    // by several S3-compatible servers; checksums stay on where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
