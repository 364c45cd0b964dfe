import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { DataStore, ERRORS, type Upload } from '@tus/utils';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { InflightWrites } from './inflight-writes.js';
import type { StreamingHashes } from './streaming-hashes.js';
import { isS3Gone } from '../blob/s3-errors.js';
import {
  createUploadInfoStore,
  deleteUploadRecords,
  readUploadRecord,
  saveUploadProgress,
  type StoredPart,
} from './upload-records.js';

/** S3's floor for every part but the last. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/**
 * Where the bytes of an unfinished part wait for the rest of it. The slash keeps these
 * names out of the blob key space, so listings and the orphan sweep never see them.
 */
export const tailKey = (id: string) => `uploads/${id}.tail`;

export interface S3UploadStoreOptions {
  db: Kysely<Database>;
  client: S3Client;
  bucket: string;
  /** Bytes per part (at least 5 MiB): what one request buffers at most. */
  partSize: number;
  inflight: InflightWrites;
  hashes: StreamingHashes;
}

/**
 * A tus data store on S3 multipart uploads whose state lives in the database (the parts
 * stored, and the bytes of an unfinished part): any instance can take the next chunk, and
 * no ListParts call is needed (some S3-compatible servers lack it). The upload's id is the
 * share's blob key, so the completed object is where downloads look, with no copy.
 *
 * A chunk is cut into parts of `partSize` as it streams in; at most one part is held in
 * memory. Bytes that end a chunk short of a part (a dropped connection, a small chunk) are
 * kept as an object of their own and lead the next chunk's first part, so nothing received
 * is lost and every part but the last is at least 5 MiB.
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
    const { db, client, bucket: Bucket, partSize } = this.options;
    const record = await readUploadRecord(db, id);
    if (record === null) throw ERRORS.FILE_NOT_FOUND;
    const size = record.upload.size ?? 0;
    const multipartId = record.multipartId;
    // Complete already (or empty): nothing more can be written.
    if (multipartId === null) {
      readable.resume();
      return offset;
    }
    const parts: StoredPart[] = [...record.parts];
    let stored = parts.reduce((n, p) => n + p.size, 0);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    if (record.tailSize > 0) {
      const tail = await this.readTail(id);
      pending = [tail];
      pendingBytes = tail.length;
    }

    const storePart = async () => {
      await this.assertKept(id);
      const Body = Buffer.concat(pending, pendingBytes);
      const n = parts.length + 1;
      const { ETag } = await client.send(
        new UploadPartCommand({
          Bucket,
          Key: id,
          UploadId: multipartId,
          PartNumber: n,
          Body,
          ContentLength: Body.length,
        }),
      );
      parts.push({ n, etag: ETag ?? '', size: Body.length });
      stored += Body.length;
      pending = [];
      pendingBytes = 0;
      await saveUploadProgress(db, id, { parts, tailSize: 0 });
    };

    let failure: unknown = null;
    try {
      for await (const chunk of readable as AsyncIterable<Buffer>) {
        let rest = chunk;
        while (rest.length > 0) {
          // Only bytes past the declared size could find a full last part here.
          if (pendingBytes === partSize) throw ERRORS.ERR_SIZE_EXCEEDED;
          const take = rest.subarray(0, partSize - pendingBytes);
          pending.push(take);
          pendingBytes += take.length;
          rest = rest.subarray(take.length);
          // A full part is stored at once, unless it is the last one (completed below).
          if (pendingBytes === partSize && stored + pendingBytes < size) await storePart();
        }
      }
    } catch (error) {
      failure = error;
    }
    // Every declared byte is here: complete, whatever ended the stream after the last one.
    if (stored + pendingBytes === size) {
      await storePart();
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: id,
          UploadId: multipartId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.n, ETag: p.etag })) },
        }),
      );
      await saveUploadProgress(db, id, { multipartId: null, parts, tailSize: 0 });
      await this.deleteTail(id);
    } else if (pendingBytes >= MIN_PART_BYTES && stored + pendingBytes < size) {
      await storePart();
    } else if (pendingBytes > 0) {
      // Kept whatever ended the chunk, even a dropped connection: the client resumes here.
      await this.assertKept(id);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: tailKey(id),
          Body: Buffer.concat(pending, pendingBytes),
        }),
      );
      await saveUploadProgress(db, id, { parts, tailSize: pendingBytes });
    }
    if (failure !== null && stored + pendingBytes < size) throw failure;
    return stored + pendingBytes;
  }

  /**
   * Refuses to store more of an upload whose share was deleted while its chunk streamed
   * in: a part would go to an aborted multipart upload, and a tail would be an object no
   * record names, which nothing would ever delete.
   */
  private async assertKept(id: string): Promise<void> {
    const kept = await this.options.db
      .selectFrom('uploads')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (kept === undefined) throw ERRORS.FILE_NOT_FOUND;
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
    const { client, bucket: Bucket } = this.options;
    if (multipartId !== null) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key: id, UploadId: multipartId }))
        .catch((error: unknown) => {
          if (!isS3Gone(error) && !isUnsupported(error)) throw error;
        });
    }
    await this.deleteTail(id);
    await client.send(new DeleteObjectCommand({ Bucket, Key: id })).catch((error: unknown) => {
      if (!isS3Gone(error)) throw error;
    });
  }

  private async readTail(id: string): Promise<Buffer> {
    const { client, bucket: Bucket } = this.options;
    const answer = await client.send(new GetObjectCommand({ Bucket, Key: tailKey(id) }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  }

  private async deleteTail(id: string): Promise<void> {
    const { client, bucket: Bucket } = this.options;
    await client
      .send(new DeleteObjectCommand({ Bucket, Key: tailKey(id) }))
      .catch((error: unknown) => {
        if (!isS3Gone(error)) throw error;
      });
  }
}

/**
 * Servers without AbortMultipartUpload (s3rver, used in tests) answer 405 or 501: there the
 * parts stay until the server's own cleanup, and everything else is still removed.
 */
function isUnsupported(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 405 || status === 501;
}
