import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { ApiClient } from '../src/api/client.js';
import { tusUpload } from '../src/upload/tus-upload.js';
import { runCli } from './support/cli.js';
import { startCuttingProxy, type CuttingProxy } from './support/cutting-proxy.js';
import { random, read, scratchDir, sha256, writeFiles } from './support/files.js';
import { startServer, type TestServer } from './support/server.js';

// The resumable upload that `send --to` uses for files, tried on a plain file share (the same
// tus endpoint, metadata aside) so that chunking and resuming are checked on their own.

const chunkSize = 5 * 1024 * 1024; // the smallest chunk size an operator may set
let server: TestServer;
let proxy: CuttingProxy;
let work: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  server = await startServer({ UPLOAD_CHUNK_BYTES: String(chunkSize) });
  proxy = await startCuttingProxy(server.url);
});
afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});
beforeEach(async () => {
  work = await scratchDir();
  return () => work.remove();
});

async function upload(content: Buffer) {
  const [path] = await writeFiles(work.dir, { 'upload.bin': content });
  let reads = 0;
  const answer = await tusUpload(new ApiClient(proxy.url), {
    length: content.length,
    metadata: { filename: 'upload.bin', filetype: 'application/octet-stream', maxDownloads: '1' },
    chunkSize,
    bytes: () => {
      reads++;
      return createReadStream(path!);
    },
    beforeResume: async () => undefined,
    label: 'upload.bin',
  });
  return { code: (answer as { code: string }).code, reads };
}

async function downloaded(code: string): Promise<Buffer> {
  const got = await runCli(['get', code, '-o', 'out.bin'], { server: server.url, cwd: work.dir });
  expect(got.stderr).toBe('');
  return read(join(work.dir, 'out.bin'));
}

test('an upload of several chunks arrives whole, in one pass over the bytes', async () => {
  const content = random(2 * chunkSize + 12_345);
  const { code, reads } = await upload(content);
  expect(reads).toBe(1);
  expect(sha256(await downloaded(code))).toBe(sha256(content));
});

test('a connection dropped mid-chunk is resumed from where the server stands', async () => {
  const content = random(2 * chunkSize + 999);
  proxy.cutPatchesAfter(3 * 1024 * 1024);
  const cutsBefore = proxy.cuts;
  const { code, reads } = await upload(content);
  expect(proxy.cuts).toBe(cutsBefore + 1);
  expect(reads).toBe(2);
  expect(sha256(await downloaded(code))).toBe(sha256(content));
});

test('a second drop is not retried: the upload fails with the reason, and is ended', async () => {
  proxy.cutPatchesAfter(1024 * 1024, 2);
  await expect(upload(random(chunkSize + 1))).rejects.toThrow(
    /^cannot reach http:\/\/127\.0\.0\.1/,
  );
  const ended = proxy.requestLines.filter((line) => line.startsWith('DELETE /api/uploads/'));
  expect(ended).toHaveLength(1);
  // Ended for good: the server no longer knows the upload.
  const path = ended[0]!.split(' ')[1]!;
  const head = await fetch(`${server.url}${path}`, {
    method: 'HEAD',
    headers: { 'tus-resumable': '1.0.0' },
  });
  expect(head.status).toBe(404);
});
