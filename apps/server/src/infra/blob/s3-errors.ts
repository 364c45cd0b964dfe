import { BlobNotFoundError, BlobUnavailableError } from './blob-store.js';

interface SdkErrorShape {
  name?: unknown;
  $metadata?: { httpStatusCode?: unknown };
}

function describe(err: unknown): { name: unknown; status: unknown } {
  if (typeof err !== 'object' || err === null) return { name: undefined, status: undefined };
  const shaped = err as SdkErrorShape;
  return { name: shaped.name, status: shaped.$metadata?.httpStatusCode };
}

export function s3Unavailable(err: unknown): BlobUnavailableError {
  return new BlobUnavailableError('S3 blob store failed', { cause: err });
}

/** For reads of one object: a missing key is BlobNotFoundError, a missing bucket is not. */
export function s3ReadFailure(err: unknown, key: string): Error {
  const { name, status } = describe(err);
  if (name === 'NoSuchBucket') return s3Unavailable(err);
  // HEAD answers carry no body, so the SDK can only name them "NotFound" from the status.
  if (name === 'NoSuchKey' || name === 'NotFound' || status === 404) {
    return new BlobNotFoundError(`Blob ${key} not found`, { cause: err });
  }
  if (name === 'InvalidRange' || status === 416) {
    return new RangeError(`Blob range starts past the end of ${key}`, { cause: err });
  }
  return s3Unavailable(err);
}

/** Deleting something already gone (object or multipart upload) is success. */
export function isS3Gone(err: unknown): boolean {
  const { name } = describe(err);
  return name === 'NoSuchKey' || name === 'NoSuchUpload';
}
