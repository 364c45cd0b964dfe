import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '../../src/infra/blob/factory.js';
import { newBlobKey } from '../../src/infra/blob/keys.js';
import { startS3Server, type S3ServerHandle } from '../support/s3-server.js';

describe('createBlobStore', () => {
  let dataDir: string;
  let s3: S3ServerHandle;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'codedrop-data-'));
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps local objects under DATA_DIR/blobs', async () => {
    const store = await createBlobStore({ storage: 'local', dataDir, s3: undefined });
    const key = newBlobKey('a.txt');
    await store.put(key, Readable.from([Buffer.from('hi')]));
    expect(store.kind).toBe('local');
    expect(store.presignGet).toBeUndefined();
    expect(await readdir(join(dataDir, 'blobs'))).toEqual([key]);
    await store.close();
  });

  it('builds an S3 store from the S3 settings', async () => {
    const store = await createBlobStore({ storage: 's3', dataDir, s3: s3 });
    expect(store.kind).toBe('s3');
    expect(await store.health()).toBe(true);
    await store.close();
  });

  it('refuses S3 without settings or with half the credentials', async () => {
    await expect(createBlobStore({ storage: 's3', dataDir })).rejects.toThrow(/S3/);
    await expect(
      createBlobStore({ storage: 's3', dataDir, s3: { ...s3, secretAccessKey: undefined } }),
    ).rejects.toThrow(/together/);
  });
});
