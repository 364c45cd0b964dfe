import { expect, test } from 'vitest';
import { multipartBody } from '../src/upload/multipart.js';

async function* pieces(...parts: string[]) {
  for (const part of parts) yield new TextEncoder().encode(part);
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const all: Uint8Array[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all);
}

test('the body has exactly the declared length and parses as the fields and files', async () => {
  const body = multipartBody(
    [
      { name: 'maxDownloads', value: '5' },
      { name: 'encryptedPayload', value: '{"v":1,"x":"a\\"b"}' },
    ],
    [
      {
        field: 'file',
        fileName: 'Résumé "final"\r\n.txt',
        contentType: 'text/plain',
        length: 11,
        bytes: () => pieces('hello', ' world'),
      },
      {
        field: 'file',
        fileName: 'empty',
        contentType: 'application/octet-stream',
        length: 0,
        bytes: () => pieces(),
      },
    ],
  );
  const bytes = await collect(body.chunks());
  expect(bytes.length).toBe(body.length);

  // undici's own multipart parser reads it as a browser's form.
  const form = await new Response(new Uint8Array(bytes), {
    headers: { 'content-type': body.contentType },
  }).formData();
  expect(form.get('maxDownloads')).toBe('5');
  expect(form.get('encryptedPayload')).toBe('{"v":1,"x":"a\\"b"}');
  const files = form.getAll('file') as File[];
  expect(files.map((file) => file.size)).toEqual([11, 0]);
  expect(await files[0]!.text()).toBe('hello world');
  expect(files[0]!.type).toBe('text/plain');
});

test('a file that yields other than its declared length fails the body', async () => {
  const body = multipartBody(
    [],
    [
      {
        field: 'file',
        fileName: 'f',
        contentType: 'text/plain',
        length: 3,
        bytes: () => pieces('four'),
      },
    ],
  );
  await expect(collect(body.chunks())).rejects.toThrow('f changed while it was being sent');
});
