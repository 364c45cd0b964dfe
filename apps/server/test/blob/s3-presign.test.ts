import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBlobKey } from '../../src/infra/blob/keys.js';
import type { BlobStore } from '../../src/infra/blob/port.js';
import { createS3BlobStore } from '../../src/infra/blob/s3.js';
import { attachmentDisposition } from '../../src/infra/blob/content-disposition.js';
import { startS3Server, type S3ServerHandle } from '../support/s3-server.js';
import { randomChunks } from './streams.js';

describe('S3 presigned download URLs', () => {
  let s3: S3ServerHandle;
  let store: BlobStore;
  const original = Buffer.concat(randomChunks(256 * 1024 + 3));
  const key = newBlobKey('résumé.pdf');
  const fileName = 'résumé "final"/../日本語.pdf';

  beforeAll(async () => {
    s3 = await startS3Server();
    store = createS3BlobStore(s3);
    await store.put(key, Readable.from([original]), { contentType: 'text/html' });
  });
  afterAll(async () => {
    await store.close();
    await s3.close();
  });

  const presign = (expiresInSeconds = 300) =>
    store.presignGet!(key, { fileName, contentType: 'application/pdf', expiresInSeconds });

  it('serves the exact bytes as an attachment with the forced content type', async () => {
    const url = await presign();
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('300');

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(original)).toBe(true);
    expect(response.headers.get('content-disposition')).toBe(attachmentDisposition(fileName));
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    // Stored as text/html by the uploader, but never served as something a browser renders.
    expect(response.headers.get('content-type')).toBe('application/pdf');
  });

  it('answers Range requests on the same URL', async () => {
    const url = await presign();
    const response = await fetch(url, { headers: { Range: 'bytes=100-199' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 100-199/${original.length}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(original.subarray(100, 200))).toBe(
      true,
    );
  });

  it('stops working once expired', async () => {
    const url = await presign(1);
    // X-Amz-Date has one-second resolution, so the URL dies within two seconds.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const response = await fetch(url);
    expect(response.status).toBe(403);
    await response.arrayBuffer();
  });

  it('refuses lifetimes S3 does not accept and keys it could not have made', async () => {
    await expect(presign(0)).rejects.toThrow(RangeError);
    await expect(presign(7 * 24 * 3600 + 1)).rejects.toThrow(RangeError);
    await expect(
      store.presignGet!('../secret', { fileName, contentType: 'text/plain', expiresInSeconds: 60 }),
    ).rejects.toThrow(RangeError);
  });
});
