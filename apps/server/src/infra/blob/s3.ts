import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { attachmentDisposition } from './content-disposition.js';
import { assertBlobKey, isBlobKey } from './keys.js';
import { BlobUnavailableError } from './blob-store.js';
import type { BlobStore } from './blob-store.js';
import { assertBlobRange, contentRangeCovers } from './range.js';
import { createPartBuffers, type PartBuffers } from './part-buffers.js';
import { SourceFailure } from './part-reader.js';
import { createS3Client } from './s3-client.js';
import type { S3BlobStoreOptions } from './s3-client.js';
import { isS3Gone, s3ProblemOf, s3ReadFailure, s3Unavailable } from './s3-errors.js';
import { streamedPut } from './s3-streamed-put.js';

export type { S3BlobStoreOptions } from './s3-client.js';

const MIN_PART_SIZE = 5 * 1024 * 1024;
const DEFAULT_UPLOAD_BUFFER_BYTES = 20 * 1024 * 1024;
/** Never a blob key (those start with a timestamp), so listings and sweeps ignore it. */
const healthProbeKey = 'codedrop-health-probe';
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

export interface S3BlobStore extends BlobStore {
  /**
   * The process's budget of multipart part buffers, which resumable uploads to the same
   * bucket share with the store's own puts.
   */
  readonly partBuffers: PartBuffers;
  /** The part buffers' use: now, at most since start, and uploads waiting for one. */
  partBufferUsage(): ReturnType<PartBuffers['usage']>;
}

export function createS3BlobStore(options: S3BlobStoreOptions): S3BlobStore {
  const client = createS3Client(options);
  const Bucket = options.bucket;
  const partSize = Math.max(options.partSize ?? MIN_PART_SIZE, MIN_PART_SIZE);
  const queueSize = options.queueSize ?? 2;
  const budgetBytes = options.uploadBufferBytes ?? DEFAULT_UPLOAD_BUFFER_BYTES;
  if (budgetBytes < partSize) {
    throw new RangeError(`A budget of ${budgetBytes} bytes holds no part of ${partSize} bytes`);
  }
  const buffers = createPartBuffers({
    budgetBytes,
    setAsideAfterMs: options.partSetAsideMs,
  });
  const healthTimeoutMs = options.healthTimeoutMs ?? 3_000;
  const MaxKeys = options.listPageSize ?? 1_000;

  // Reachable is not enough: a bucket that refuses writes (permissions, quota) fails every
  // upload. A tiny object outside the blob key space is written and removed.
  const probe = async (): Promise<string | null> => {
    const abortSignal = AbortSignal.timeout(healthTimeoutMs);
    try {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal });
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: healthProbeKey,
          Body: 'ok',
          ContentType: 'text/plain',
        }),
        { abortSignal },
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: healthProbeKey }), {
        abortSignal,
      });
      return null;
    } catch (err) {
      return s3ProblemOf(err, Bucket);
    }
  };

  return {
    kind: 's3',

    async put(key, body, opts) {
      assertBlobKey(key);
      const ContentType = opts?.contentType;
      const put = { client, Bucket, Key: key, ContentType, buffers, partSize, queueSize };
      try {
        return { size: await streamedPut(put, body) };
      } catch (err) {
        if (err instanceof SourceFailure) throw err.error;
        body.destroy();
        throw s3Unavailable(err);
      }
    },

    partBuffers: buffers,
    partBufferUsage: () => buffers.usage(),

    async get(key, range) {
      assertBlobKey(key);
      if (range) assertBlobRange(range);
      const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
      let answer: GetObjectCommandOutput;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
      } catch (err) {
        throw s3ReadFailure(err, key);
      }
      const body: unknown = answer.Body;
      if (!(body instanceof Readable)) {
        throw new BlobUnavailableError('S3 answered without a readable body');
      }
      // A server that ignores or misreads Range would otherwise corrupt every resumed download.
      if (range && !contentRangeCovers(answer.ContentRange, range)) {
        body.destroy();
        throw new BlobUnavailableError(`S3 answered range ${answer.ContentRange ?? 'none'}`);
      }
      return body;
    },

    async stat(key) {
      assertBlobKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
      } catch (err) {
        throw s3ReadFailure(err, key);
      }
    },

    async delete(key) {
      assertBlobKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (!isS3Gone(err)) throw s3Unavailable(err);
      }
    },

    async *list() {
      // ListObjects v1 paged by the last key seen works on every S3-compatible server; s3rver's
      // v2 continuation tokens need DES, which OpenSSL 3 no longer offers.
      let Marker: string | undefined;
      do {
        const page = await client
          .send(new ListObjectsCommand({ Bucket, Marker, MaxKeys }))
          .catch((err: unknown) => {
            throw s3Unavailable(err);
          });
        const contents = page.Contents ?? [];
        for (const object of contents) {
          if (object.Key && isBlobKey(object.Key)) {
            yield { key: object.Key, lastModified: object.LastModified ?? new Date(0) };
          }
        }
        Marker = page.IsTruncated ? contents.at(-1)?.Key : undefined;
      } while (Marker);
    },

    async sweepIncomplete(olderThan, owned) {
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      try {
        do {
          const page = await client.send(
            new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }),
          );
          const stale = (page.Uploads ?? []).filter(
            ({ Key, UploadId, Initiated }) =>
              Key && UploadId && isBlobKey(Key) && Initiated && Initiated < olderThan,
          );
          const running = owned ? await owned(stale.map(({ Key }) => Key!)) : new Set<string>();
          for (const { Key, UploadId } of stale) {
            if (!Key || !UploadId || running.has(Key)) continue;
            try {
              await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
              removed += 1;
            } catch (err) {
              // Another instance's sweep got there first.
              if (!isS3Gone(err)) throw err;
            }
          }
          [KeyMarker, UploadIdMarker] = page.IsTruncated
            ? [page.NextKeyMarker, page.NextUploadIdMarker]
            : [undefined, undefined];
        } while (KeyMarker);
      } catch (err) {
        throw s3Unavailable(err);
      }
      return removed;
    },

    async presignGet(key, { fileName, contentType, expiresInSeconds }) {
      assertBlobKey(key);
      if (
        !Number.isSafeInteger(expiresInSeconds) ||
        expiresInSeconds < 1 ||
        expiresInSeconds > MAX_PRESIGN_SECONDS
      ) {
        throw new RangeError(`Invalid presigned URL lifetime: ${expiresInSeconds}`);
      }
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: attachmentDisposition(fileName),
        ResponseContentType: contentType,
      });
      try {
        return await getSignedUrl(client, command, { expiresIn: expiresInSeconds });
      } catch (err) {
        throw s3Unavailable(err);
      }
    },

    health: async () => (await probe()) === null,
    problem: probe,

    async close() {
      client.destroy();
    },
  };
}
