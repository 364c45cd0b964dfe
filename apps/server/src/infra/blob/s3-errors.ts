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

/** For the start-up log: why a probe of the bucket failed, naming the setting to check. */
export function s3ProblemOf(err: unknown, bucket: string): string {
  const { name, status } = describe(err);
  // HEAD answers carry no body, so the SDK names their errors "Unknown".
  const answer = name && name !== 'Unknown' ? `${String(status)} ${String(name)}` : String(status);
  if (status === 403) {
    return `S3 refused the requests on bucket ${bucket} (${answer}): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket's permissions`;
  }
  if (status === 404) return `S3 bucket ${bucket} does not exist (${answer}): check S3_BUCKET`;
  // A signature scoped to another region than the server's: 400 from s3api, 301 from AWS.
  if (status === 400 || status === 301) {
    return `S3 refused the requests on bucket ${bucket} (${answer}): check S3_REGION`;
  }
  if (typeof status === 'number') return `S3 answered ${answer} on bucket ${bucket}`;
  const code = (err as { code?: unknown } | null)?.code;
  return `S3 is unreachable (${String(code ?? name)}): check S3_ENDPOINT`;
}
