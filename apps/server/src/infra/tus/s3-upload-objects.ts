import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { partReader, SourceFailure } from '../blob/part-reader.js';
import { isS3Gone } from '../blob/s3-errors.js';

// The objects of an unfinished S3 upload besides its parts: the unfinished part's bytes
// (the tail), and giving the whole upload up.

/**
 * Where the bytes of an unfinished part wait for the rest of it. The slash keeps these
 * names out of the blob key space, so listings and the orphan sweep never see them.
 */
export const tailKey = (id: string) => `uploads/${id}.tail`;

/** Copies the unfinished part's bytes into `into`, which is exactly their size. */
export async function readTail(
  client: S3Client,
  Bucket: string,
  id: string,
  into: Buffer,
): Promise<number> {
  const answer = await client.send(new GetObjectCommand({ Bucket, Key: tailKey(id) }));
  const tail = partReader(answer.Body as Readable);
  try {
    const read = await tail.fill(into);
    if (read !== into.length || (await tail.hasMore())) {
      throw new Error(`The unfinished part of ${id} is not the ${into.length} bytes recorded`);
    }
    return read;
  } catch (error) {
    // The bucket failing is the store failing, never the client's body.
    throw error instanceof SourceFailure ? error.error : error;
  } finally {
    (answer.Body as Readable).destroy();
  }
}

export async function deleteTail(client: S3Client, Bucket: string, id: string): Promise<void> {
  await client
    .send(new DeleteObjectCommand({ Bucket, Key: tailKey(id) }))
    .catch((error: unknown) => {
      if (!isS3Gone(error)) throw error;
    });
}

/**
 * Gives up an upload's S3 side: its multipart upload (aborted, so its parts stop costing
 * storage), the unfinished part and the object. The database record is already gone.
 */
export async function discardUpload(
  client: S3Client,
  Bucket: string,
  id: string,
  multipartId: string | null,
): Promise<void> {
  if (multipartId !== null) {
    await client
      .send(new AbortMultipartUploadCommand({ Bucket, Key: id, UploadId: multipartId }))
      .catch((error: unknown) => {
        if (!isS3Gone(error) && !isUnsupported(error)) throw error;
      });
  }
  await deleteTail(client, Bucket, id);
  await client.send(new DeleteObjectCommand({ Bucket, Key: id })).catch((error: unknown) => {
    if (!isS3Gone(error)) throw error;
  });
}

/**
 * Servers without AbortMultipartUpload (s3rver, used in tests) answer 405 or 501: there the
 * parts stay until the server's own cleanup, and everything else is still removed.
 */
function isUnsupported(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 405 || status === 501;
}
