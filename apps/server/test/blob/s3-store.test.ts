import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBlobKey } from '../../src/infra/blob/keys.js';
import { createS3Client } from '../../src/infra/blob/s3-client.js';
import { createS3BlobStore } from '../../src/infra/blob/s3.js';
import { startS3rver } from '../support/s3rver.js';
import type { S3rverHandle } from '../support/s3rver.js';

describe('S3 store specifics', () => {
  let s3rver: S3rverHandle;
  beforeAll(async () => {
    s3rver = await startS3rver();
  });
  afterAll(() => s3rver.close());

  it('pages through listings larger than one page', async () => {
    const store = createS3BlobStore({ ...s3rver, listPageSize: 2 });
    const keys = Array.from({ length: 5 }, (_, i) => newBlobKey(`f${i}.txt`));
    for (const key of keys) await store.put(key, Readable.from([Buffer.from(key)]));

    const listed: string[] = [];
    for await (const { key } of store.list()) listed.push(key);
    expect(listed.sort()).toEqual([...keys].sort());
    await store.close();
  });

  it('stores the declared content type with the object', async () => {
    const store = createS3BlobStore(s3rver);
    const key = newBlobKey('page.html');
    await store.put(key, Readable.from([Buffer.from('<p>hi</p>')]), { contentType: 'text/html' });

    const client = createS3Client(s3rver);
    const head = await client.send(new HeadObjectCommand({ Bucket: s3rver.bucket, Key: key }));
    expect(head.ContentType).toBe('text/html');
    client.destroy();
    await store.close();
  });
});
