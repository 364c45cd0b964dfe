import type { Readable } from 'node:stream';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { DataStore, ERRORS, type Upload } from '@tus/utils';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { InflightWrites } from './inflight-writes.js';
import type { StreamingHashes } from './streaming-hashes.js';
import type { PartBuffers } from '../blob/part-buffers.js';
import { chunkBody } from './chunk-body.js';
import {
  createUploadInfoStore,
  deleteUploadRecords,
  readUploadRecord,
  saveUploadProgress,
  uploadRecordExists,
  type StoredPart,
} from './upload-records.js';
import { deleteTail, discardUpload, readTail, tailKey } from './s3-upload-objects.js';

/** S3's floor for every part but the last. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;

/** An upload as one chunk writes it: what S3 holds of it so far. */
interface Writing {
  id: string;
  multipartId: string;
  size: number;
  parts: StoredPart[];
  /** Bytes in the parts stored. */
  stored: number;
  /** Bytes this chunk left as the unfinished part (0 when it left none). */
  keptTail: number;
}

export interface S3UploadStoreOptions {
  db: Kysely<Database>;
  client: S3Client;
  bucket: string;
  /** Bytes per part (at least 5 MiB): what one request buffers at most. */
  partSize: number;
  /**
   * The process's part buffers, shared with the blob store's classic uploads: a request
   * holds one part from them while it fills and sends it, and waits, unread, for one.
   */
  buffers: PartBuffers;
  inflight: InflightWrites;
  hashes: StreamingHashes;
}

/**
 * A tus data store on S3 multipart uploads whose state lives in the database (the parts
 * stored, and the bytes of an unfinished part): any instance can take the next chunk, and
 * no ListParts call is needed (some S3-compatible servers lack it). The upload's id is the
 * share's blob key, so the completed object is where downloads look, with no copy.
 *
 * A chunk is cut into parts of `partSize` as it streams in, each copied into a buffer of
 * the process's part budget (shared with classic uploads) and sent before the next is
 * read, so a request holds at most one part, and none while it waits for one. Bytes that
 * end a chunk short of a part (a dropped connection, a small chunk) are kept as an object
 * of their own and lead the next chunk's first part, so nothing received is lost and
 * every part but the last is at least 5 MiB.
 */
export class S3UploadStore extends DataStore {
  private readonly info;

  constructor(private readonly options: S3UploadStoreOptions) {
    super();
    if (options.partSize < MIN_PART_BYTES) throw new RangeError('partSize below 5 MiB');
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
    this.info = createUploadInfoStore(options.db);
  }

  override async create(upload: Upload): Promise<Upload> {
    const { client, bucket: Bucket } = this.options;
    upload.creation_date ??= new Date().toISOString();
    await this.info.set(upload.id, upload);
    if (upload.size === 0) {
      // S3 cannot complete a multipart upload of no parts: an empty file is one PUT.
      await client.send(new PutObjectCommand({ Bucket, Key: upload.id, Body: '' }));
    } else {
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({
          Bucket,
          Key: upload.id,
          ContentType: upload.metadata?.filetype ?? 'application/octet-stream',
        }),
      );
      await saveUploadProgress(this.options.db, upload.id, {
        multipartId: UploadId ?? null,
        parts: [],
        tailSize: 0,
      });
    }
    upload.storage = { type: 's3', path: upload.id, bucket: Bucket };
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const record = await readUploadRecord(this.options.db, id);
    if (record === null) throw ERRORS.FILE_NOT_FOUND;
    const { upload } = record;
    upload.offset =
      upload.size === 0 ? 0 : record.parts.reduce((n, p) => n + p.size, 0) + record.tailSize;
    return upload;
  }

  override write(readable: Readable, id: string, offset: number): Promise<number> {
    const { inflight, hashes } = this.options;
    return inflight.track(
      id,
      hashes.write(id, offset, readable, (bytes) => this.writeChunk(bytes, id, offset)),
    );
  }

  private async writeChunk(readable: Readable, id: string, offset: number): Promise<number> {
    const { db, buffers, partSize, client, bucket: Bucket } = this.options;
    const record = await readUploadRecord(db, id);
    if (record === null) throw ERRORS.FILE_NOT_FOUND;
    // Complete already (or empty): nothing more can be written.
    if (record.multipartId === null) {
      readable.resume();
      return offset;
    }
    const upload: Writing = {
      id,
      multipartId: record.multipartId,
      size: record.upload.size ?? 0,
      parts: [...record.parts],
      stored: record.parts.reduce((n, p) => n + p.size, 0),
      keptTail: 0,
    };
    let tailSize = record.tailSize;
    const body = chunkBody(readable);

    // Waiting for a chunk's first byte holds no buffer: a client that sends nothing costs
    // nothing. Without one, only a tail holding every last byte has anything to finish.
    let hasMore = await body.hasMore();
    while (hasMore || upload.stored + tailSize === upload.size) {
      // One part of the process's budget at a time, handed back between parts so other
      // uploads take their turn; a chunk waiting for it is not read meanwhile.
      const buffer = await buffers.take(partSize);
      let pending = 0;
      try {
        if (tailSize > 0)
          pending = await readTail(client, Bucket, id, buffer.subarray(0, tailSize));
        tailSize = 0;
        const room = buffer.subarray(pending, Math.min(partSize, upload.size - upload.stored));
        if (hasMore) {
          pending += await buffers.filling(buffer, () => body.fill(room));
        }
        await this.keepPart(upload, buffer.subarray(0, pending));
      } catch (error) {
        // A part S3 failed to take may still be read by its socket: never refilled.
        buffers.drop(buffer);
        throw error;
      }
      buffers.give(buffer);
      // A full part that is not the last lets the chunk go on; anything else ended it.
      if (pending < partSize || upload.stored === upload.size) break;
      hasMore = await body.hasMore();
    }
    const received = upload.stored + tailSize + upload.keptTail;
    if (body.failed && received < upload.size) throw body.error;
    return received;
  }

  /**
   * Stores `part`, the bytes of an upload after those already stored, as S3 must have them:
   * every declared byte completes the upload, a part of at least 5 MiB is a part of its own,
   * and fewer bytes are kept as the tail that leads the next chunk's first part. Whatever
   * ended the chunk, even a dropped connection, nothing that arrived is lost.
   */
  private async keepPart(upload: Writing, part: Buffer): Promise<void> {
    const { db, client, bucket: Bucket } = this.options;
    const { id, size } = upload;
    if (upload.stored + part.length === size) {
      // Nothing left to add when an earlier completion stored every part but then failed.
      if (part.length > 0) await this.storePart(upload, part);
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: id,
          UploadId: upload.multipartId,
          MultipartUpload: {
            Parts: upload.parts.map((p) => ({ PartNumber: p.n, ETag: p.etag })),
          },
        }),
      );
      await saveUploadProgress(db, id, { multipartId: null, parts: upload.parts, tailSize: 0 });
      await deleteTail(client, Bucket, id);
    } else if (part.length >= MIN_PART_BYTES) {
      await this.storePart(upload, part);
    } else if (part.length > 0) {
      await this.assertKept(id);
      await client.send(new PutObjectCommand({ Bucket, Key: tailKey(id), Body: part }));
      await saveUploadProgress(db, id, { parts: upload.parts, tailSize: part.length });
      upload.keptTail = part.length;
    }
  }

  private async storePart(upload: Writing, Body: Buffer): Promise<void> {
    const { db, client, bucket: Bucket } = this.options;
    await this.assertKept(upload.id);
    const n = upload.parts.length + 1;
    const { ETag } = await client.send(
      new UploadPartCommand({
        Bucket,
        Key: upload.id,
        UploadId: upload.multipartId,
        PartNumber: n,
        Body,
        ContentLength: Body.length,
      }),
    );
    upload.parts.push({ n, etag: ETag ?? '', size: Body.length });
    upload.stored += Body.length;
    await saveUploadProgress(db, upload.id, { parts: upload.parts, tailSize: 0 });
  }

  /**
   * Refuses to store more of an upload whose share was deleted while its chunk streamed
   * in: a part would go to an aborted multipart upload, and a tail would be an object no
   * record names, which nothing would ever delete.
   */
  private async assertKept(id: string): Promise<void> {
    if (!(await uploadRecordExists(this.options.db, id))) throw ERRORS.FILE_NOT_FOUND;
  }

  override async remove(id: string): Promise<void> {
    const [record] = await deleteUploadRecords(this.options.db, [id]);
    if (record === undefined) throw ERRORS.FILE_NOT_FOUND;
    await this.discard(record.id, record.multipartId);
  }

  /**
   * Gives up an upload's S3 side: its multipart upload (aborted, so its parts stop costing
   * storage), the unfinished part and the object. The database record is already gone.
   */
  async discard(id: string, multipartId: string | null): Promise<void> {
    await discardUpload(this.options.client, this.options.bucket, id, multipartId);
  }
}
