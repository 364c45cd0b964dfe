import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBlobKey } from '../../src/infra/blob/keys.js';
import { createS3Client } from '../../src/infra/blob/s3-client.js';
import { createS3BlobStore } from '../../src/infra/blob/s3.js';
import { startS3Server, type S3ServerHandle } from '../support/s3-server.js';

describe('S3 store specifics', () => {
  let s3: S3ServerHandle;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  it('pages through listings larger than one page', async () => {
    const store = createS3BlobStore({ ...s3, listPageSize: 2 });
    const keys = Array.from({ length: 5 }, (_, i) => newBlobKey(`f${i}.txt`));
    for (const key of keys) await store.put(key, Readable.from([Buffer.from(key)]));

    const listed: string[] = [];
    for await (const { key } of store.list()) listed.push(key);
    expect(listed.sort()).toEqual([...keys].sort());
    await store.close();
  });

  it('stores the declared content type with the object', async () => {
    const store = createS3BlobStore(s3);
    const key = newBlobKey('page.html');
    await store.put(key, Readable.from([Buffer.from('<p>hi</p>')]), { contentType: 'text/html' });

    const client = createS3Client(s3);
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head.ContentType).toBe('text/html');
    client.destroy();
    await store.close();
  });
});
