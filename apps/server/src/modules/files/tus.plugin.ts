import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { Server } from '@tus/server';
import { EVENTS, type DataStore, type Upload } from '@tus/utils';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  type PartBuffers,
  loadS3Client,
  type BlobStore,
  type S3BlobStore,
  s3OptionsOf,
} from '../../infra/blob/port.js';
import {
  InflightWrites,
  LocalUploadStore,
  StreamingHashes,
  createDbLocker,
  loadS3UploadStore,
  createUploadInfoStore,
  deleteUploadRecords,
} from '../../infra/tus/port.js';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { recordUploadProgress } from '../shares/repository/index.js';
import { recordSubmissionProgress } from '../requests/submissions-uploads.repository.js';
import { createUploadEndpoint, messages } from '@codedrop/contract';
import { hashBlob } from '../moderation/block-list.js';

export interface ResumableUploads {
  /** The tus protocol server; modules/files/tus.routes.ts hands it each request. */
  tus: Server;
  /** The id each creation request's upload is to get (tus asks through namingFunction). */
  idFor: WeakMap<Request, string>;
  /**
   * Forgets the uploads stored under `keys` (a reclaimed or deleted share's blob keys): their
   * records, and on S3 their open multipart uploads and unfinished parts. The object
   * itself is the blob store's to delete.
   */
  forget(keys: readonly string[]): Promise<void>;
  /**
   * Makes the stored object of the finished upload under `key` durable, and answers its
   * size and SHA-256; null (logged) when its size is not the `declared` one. What becomes
   * of its share is the upload service's (upload-completion.ts).
   */
  settle(key: string, declared: number): Promise<{ size: number; sha256: string } | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: ResumableUploads;
  }
}

/** The blob store's part buffers: one budget for every upload of the process to the bucket. */
function partBuffersOf(blobs: BlobStore): PartBuffers {
  const { partBuffers } = blobs as Partial<S3BlobStore>;
  if (partBuffers === undefined) throw new Error('resumable uploads to S3 need the S3 blob store');
  return partBuffers;
}

/** The tus store for S3: multipart uploads straight into the bucket. */
async function s3UploadStore(
  config: Config,
  db: FastifyInstance['db']['kysely'],
  inflight: InflightWrites,
  hashes: StreamingHashes,
  buffers: PartBuffers,
) {
  const [{ S3UploadStore }, { createS3Client }] = await Promise.all([
    loadS3UploadStore(),
    loadS3Client(),
  ]);
  return new S3UploadStore({
    db,
    client: createS3Client(s3OptionsOf(config)),
    bucket: config.s3.bucket,
    partSize: config.uploadChunkBytes,
    buffers,
    inflight,
    hashes,
  });
}

/**
 * Resumable uploads (tus 1.0) into the same store as every other file: on local disk the
 * tus FileStore writes straight into the blob directory, on S3 our store writes multipart
 * uploads (docs/api.md#resumable-uploads). Either way the upload's id is the share's blob
 * key, its record and its lock are in the database, and any worker or instance can take
 * any chunk.
 */
async function uploads(app: FastifyInstance, opts: { config: Config; clock: Clock }) {
  const { config, clock } = opts;
  const db = app.db.kysely;
  const inflight = new InflightWrites();
  const hashes = new StreamingHashes();
  // The S3 store and the AWS SDK are imported only when S3 is configured
  // (docs/design.md#start-up).
  const s3Store =
    config.storage === 's3'
      ? await s3UploadStore(config, db, inflight, hashes, partBuffersOf(app.blobs))
      : null;
  const blobDir = join(config.dataDir, 'blobs');
  const localStore =
    s3Store === null
      ? new LocalUploadStore(
          { directory: blobDir, configstore: createUploadInfoStore(db) },
          inflight,
          hashes,
          () => app.diskRoom.noteFull(),
        )
      : null;
  const datastore: DataStore = s3Store ?? localStore!;
  const idFor = new WeakMap<Request, string>();
  const tus = new Server({
    path: createUploadEndpoint.path,
    datastore,
    locker: createDbLocker(db, { inflight }),
    relativeLocation: true,
    // Same-origin only, like the rest of the API: no CORS headers for anyone.
    allowedOrigins: () => false,
    exposedHeaders: [
      'CodeDrop-Code',
      'CodeDrop-Delete-Token',
      'CodeDrop-Upload-Secret',
      'CodeDrop-Submission',
    ],
    // A finished upload is a share; it ends by DELETE /api/shares/{code}, with its token.
    disableTerminationForFinishedUploads: true,
    namingFunction: (request) => {
      const id = idFor.get(request);
      if (id === undefined) throw new Error('upload created outside modules/files/tus.routes.ts');
      return id;
    },
    // tus keeps only what it needs of the metadata: the envelope, the verifier and any
    // recovery password are the share's, and must not linger in a second place.
    onUploadCreate: async (_request: Request, upload: Upload) => ({
      metadata: {
        filename: upload.metadata?.filename ?? null,
        filetype: upload.metadata?.filetype ?? null,
      },
    }),
    // A chunk the disk had no room for is answered 507, however tus saw its stream end.
    onResponseError: (request: Request) => {
      const id = new URL(request.url).pathname.split('/').pop() ?? '';
      if (localStore?.tookNoRoom(id)) return { status_code: 507, body: messages.storageFull };
      return undefined;
    },
    // Progress while a chunk streams in (at most once a second), for the recipient's view.
    postReceiveInterval: 1_000,
  });
  tus.on(EVENTS.POST_RECEIVE, (_source: unknown, upload: Upload) => {
    // A share's upload or a submission's: one of the two statements finds it.
    Promise.all([
      recordUploadProgress(db, upload.id, upload.offset, clock.now()),
      recordSubmissionProgress(db, upload.id, upload.offset, clock.now()),
    ]).catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not record upload progress');
    });
  });
  async function forget(keys: readonly string[]) {
    hashes.forget(keys);
    const records = await deleteUploadRecords(db, keys);
    if (s3Store === null) return;
    await Promise.all(
      records
        .filter((record) => record.multipartId !== null || record.tailSize > 0)
        .map((record) => s3Store.discard(record.id, record.multipartId)),
    );
  }

  app.decorate('uploads', {
    tus,
    idFor,
    async settle(key, declared) {
      // The FileStore writes without syncing: the bytes reach the disk before the share
      // says they are there (S3 answered CompleteMultipartUpload only once they are stored).
      if (s3Store === null) {
        const handle = await open(join(blobDir, key), 'r');
        try {
          // Private like every other blob (created so; an upload begun by an earlier
          // version was created with the default mode).
          await handle.chmod(0o600);
          await handle.sync();
        } finally {
          await handle.close();
        }
      }
      const { size } = await app.blobs.stat(key);
      if (size !== declared) {
        app.log.error({ key, size, declared }, 'a completed upload has the wrong size');
        return null;
      }
      // Hashed as it streamed in when every chunk came to this process; chunks may reach
      // any instance, though, and then the finished object is read once.
      return { size, sha256: hashes.take(key, size) ?? (await hashBlob(app.blobs, key)) };
    },
    forget,
  } satisfies ResumableUploads);
}

export default fp(uploads, { name: 'uploads', dependencies: ['db', 'blobs', 'disk-room'] });
