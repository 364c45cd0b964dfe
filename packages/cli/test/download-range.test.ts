import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { encryptChunks, encryptedSize } from '@codedrop/crypto';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { ApiClient } from '../src/api/client.js';
import { downloadFile } from '../src/download/download-files.js';
import { random, read, scratchDir } from './support/files.js';

// A request's submission stores its files back to back in one object; each file is fetched
// as its byte range. A server that honours Range answers 206, one that ignores it 200 with
// the whole object: both must give the file, and only the file.

const first = random(1024 * 1024 + 10);
const second = random(5000);
let encKey: CryptoKey;
let object: Buffer;
let server: Server;
let honourRange = true;
let seen: IncomingHttpHeaders | null = null;
let work: Awaited<ReturnType<typeof scratchDir>>;

async function encrypted(plain: Buffer): Promise<Buffer> {
  const parts: Buffer[] = [];
  async function* source() {
    yield plain;
  }
  for await (const chunk of encryptChunks({ encKey, source: source(), length: plain.length })) {
    parts.push(Buffer.from(chunk));
  }
  return Buffer.concat(parts);
}

beforeAll(async () => {
  encKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  object = Buffer.concat([await encrypted(first), await encrypted(second)]);
  server = createServer((request, response) => {
    seen = request.headers;
    const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
    if (honourRange && range) {
      const [start, end] = [Number(range[1]), Number(range[2])];
      response.writeHead(206, { 'content-range': `bytes ${start}-${end}/${object.length}` });
      response.end(object.subarray(start, end + 1));
    } else {
      response.writeHead(200);
      response.end(object);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});
beforeEach(async () => {
  work = await scratchDir();
  return () => work.remove();
});

async function fetchSecond(): Promise<Buffer> {
  const { port } = server.address() as AddressInfo;
  const api = new ApiClient(`http://127.0.0.1:${port}`);
  const path = join(work.dir, 'second.bin');
  const file = {
    name: 'second.bin',
    url: '/blob',
    storedSize: encryptedSize(second.length),
    size: second.length,
    offset: encryptedSize(first.length),
    headers: { authorization: 'Bearer pickup' },
  };
  await downloadFile(api, file, { kind: 'file', path }, { encKey }, false);
  return read(path);
}

test('a file is asked for as its byte range, with the given headers', async () => {
  honourRange = true;
  expect((await fetchSecond()).equals(second)).toBe(true);
  const start = encryptedSize(first.length);
  expect(seen?.range).toBe(`bytes=${start}-${start + encryptedSize(second.length) - 1}`);
  expect(seen?.authorization).toBe('Bearer pickup');
});

test('a whole object sent instead of the range is cut to the file', async () => {
  honourRange = false;
  expect((await fetchSecond()).equals(second)).toBe(true);
});
