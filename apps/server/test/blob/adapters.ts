import { ListMultipartUploadsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isBlobKey } from '../../src/infra/blob/keys.js';
import { createLocalBlobStore } from '../../src/infra/blob/local.js';
import type { BlobStore } from '../../src/infra/blob/port.js';
import { createS3Client } from '../../src/infra/blob/s3-client.js';
import { createS3BlobStore } from '../../src/infra/blob/s3.js';
import { startS3Server } from '../support/s3-server.js';

/** Tests name foreign objects with this prefix so leftover checks can tell them apart. */
export const FOREIGN_PREFIX = 'foreign-';

/** One store under test plus a view of its backing storage that bypasses the port. */
export interface StoreFixture {
  store: BlobStore;
  /** Names of in-progress or abandoned partial objects (temp files, multipart uploads). */
  leftovers(): Promise<string[]>;
  /** Stores an object whose name is not a blob key, as a foreign tenant of the store would. */
  putForeign(name: string): Promise<void>;
  teardown(): Promise<void>;
}

export interface AdapterCase {
  name: 'local' | 's3';
  setup(): Promise<StoreFixture>;
  /** A store whose backend is gone: unreadable directory or a closed port. */
  unavailable(): Promise<{ store: BlobStore; teardown(): Promise<void> }>;
}

const localCase: AdapterCase = {
  name: 'local',
  async setup() {
    const dir = await mkdtemp(join(tmpdir(), 'codedrop-blobs-'));
    const store = createLocalBlobStore({ dir });
    return {
      store,
      leftovers: async () =>
        (await readdir(dir)).filter((name) => !isBlobKey(name) && !name.startsWith(FOREIGN_PREFIX)),
      putForeign: (name) => writeFile(join(dir, name), 'foreign'),
      async teardown() {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
  async unavailable() {
    const dir = await mkdtemp(join(tmpdir(), 'codedrop-blobs-'));
    const store = createLocalBlobStore({ dir });
    // The disk "goes away": the directory is replaced by a plain file.
    await rm(dir, { recursive: true });
    await writeFile(dir, 'not a directory');
    return {
      store,
      async teardown() {
        await store.close();
        await rm(dir, { force: true });
      },
    };
  },
};

const s3Case: AdapterCase = {
  name: 's3',
  async setup() {
    const s3 = await startS3Server();
    const store = createS3BlobStore(s3);
    const client = createS3Client(s3);
    return {
      store,
      // The multipart uploads the server holds open, as `key upload-id`.
      async leftovers() {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
        return (page.Uploads ?? []).map(({ Key, UploadId }) => `${Key} ${UploadId}`);
      },
      async putForeign(name) {
        await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: name, Body: 'foreign' }));
      },
      async teardown() {
        client.destroy();
        await store.close();
        await s3.close();
      },
    };
  },
  async unavailable() {
    const store = createS3BlobStore({
      endpoint: `http://127.0.0.1:${await closedPort()}`,
      bucket: 'codedrop-test',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      maxAttempts: 1,
      connectionTimeoutMs: 1_000,
      socketTimeoutMs: 1_000,
      healthTimeoutMs: 1_000,
    });
    return { store, teardown: () => store.close() };
  },
};

export const adapterCases: AdapterCase[] = [localCase, s3Case];

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
