import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { PartBuffers } from './part-buffers.js';
import { partReader, type PartReader } from './part-reader.js';

export interface StreamedPut {
  client: S3Client;
  Bucket: string;
  Key: string;
  ContentType: string | undefined;
  buffers: PartBuffers;
  /** Bytes per part (at least 5 MiB, S3's floor for every part but the last). */
  partSize: number;
  /** Parts of this one upload sent at once. */
  queueSize: number;
}

/**
 * Streams `body` into one object and resolves with its size. A body that fits one part is
 * one PutObject; a longer one is a multipart upload whose parts are taken from the shared
 * part buffers, so one upload holds at most `queueSize` parts being sent and one filling.
 *
 * Rejects with a SourceFailure when the body failed; anything else is the store failing,
 * and then `body` is destroyed at once rather than when the part it fills is complete.
 * Either way no multipart upload is left behind.
 */
export async function streamedPut(put: StreamedPut, body: Readable): Promise<number> {
  const reader = partReader(body);
  // Waiting for a body's first byte holds no buffer: a client that sends nothing costs nothing.
  if (!(await reader.hasMore())) {
    const { client, Bucket, Key, ContentType } = put;
    await client.send(new PutObjectCommand({ Bucket, Key, ContentType, Body: Buffer.alloc(0) }));
    return 0;
  }
  const first = await put.buffers.take(put.partSize);
  let filled: { bytes: number; more: boolean };
  try {
    filled = await put.buffers.filling(first, async () => ({
      bytes: await reader.fill(first),
      more: await reader.hasMore(),
    }));
  } catch (error) {
    put.buffers.give(first);
    throw error;
  }
  if (filled.more) await multipart(put, body, reader, first, filled.bytes);
  else await sendWhole(put, first, filled.bytes);
  return reader.size();
}

async function sendWhole(put: StreamedPut, buffer: Buffer, bytes: number): Promise<void> {
  const { client, Bucket, Key, ContentType, buffers } = put;
  try {
    await client.send(
      new PutObjectCommand({ Bucket, Key, ContentType, Body: buffer.subarray(0, bytes) }),
    );
  } catch (error) {
    buffers.drop(buffer);
    throw error;
  }
  buffers.give(buffer);
}

async function multipart(
  put: StreamedPut,
  body: Readable,
  reader: PartReader,
  first: Buffer,
  firstBytes: number,
): Promise<void> {
  const { client, Bucket, Key, ContentType, buffers, partSize, queueSize } = put;
  let UploadId: string | undefined;
  try {
    ({ UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key, ContentType }),
    ));
  } catch (error) {
    buffers.give(first);
    throw error;
  }
  if (!UploadId) {
    buffers.give(first);
    throw new Error('S3 answered CreateMultipartUpload without an UploadId');
  }

  const parts: CompletedPart[] = [];
  const sending = new Set<Promise<void>>();
  let storeFailure: { error: unknown } | undefined;

  // Never rejects: a failure is recorded, and the body stops being read at once.
  const sendPart = async (buffer: Buffer, bytes: number, PartNumber: number) => {
    let ETag: string | undefined;
    try {
      ({ ETag } = await client.send(
        new UploadPartCommand({
          Bucket,
          Key,
          UploadId,
          PartNumber,
          Body: buffer.subarray(0, bytes),
          ContentLength: bytes,
        }),
      ));
    } catch (error) {
      buffers.drop(buffer);
      storeFailure ??= { error };
      body.destroy();
      return;
    }
    buffers.give(buffer);
    if (ETag) parts.push({ PartNumber, ETag });
    else storeFailure ??= { error: new Error(`S3 answered part ${PartNumber} without an ETag`) };
  };
  const launch = (buffer: Buffer, bytes: number, partNumber: number) => {
    const sent = sendPart(buffer, bytes, partNumber).finally(() => sending.delete(sent));
    sending.add(sent);
  };

  try {
    launch(first, firstBytes, 1);
    for (let partNumber = 2; await reader.hasMore(); partNumber++) {
      while (sending.size >= queueSize) await Promise.race(sending);
      if (storeFailure) throw storeFailure.error;
      const buffer = await buffers.take(partSize);
      let bytes: number;
      try {
        bytes = await buffers.filling(buffer, () => reader.fill(buffer));
      } catch (error) {
        buffers.give(buffer);
        throw error;
      }
      launch(buffer, bytes, partNumber);
    }
    await Promise.all(sending);
    if (storeFailure) throw storeFailure.error;
    parts.sort((a, b) => a.PartNumber! - b.PartNumber!);
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key,
        UploadId,
        MultipartUpload: { Parts: parts },
      }),
    );
  } catch (error) {
    // Parts still arriving after the abort could outlive it, so they are waited for first.
    await Promise.all(sending);
    await client
      .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }))
      .catch(() => undefined);
    // The body reports its own destruction once the store has failed; the store's error
    // is the one that says what happened.
    throw storeFailure ? storeFailure.error : error;
  }
}
