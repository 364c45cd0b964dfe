import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import {
  decryptChunks,
  encryptedSize,
  generateRequestKeyPair,
  openSubmission,
  sealSubmission,
} from '@codedrop/crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { inspectFiles } from '../src/upload/local-files.js';
import {
  asSubmissionFiles,
  checkUnchanged,
  storedSizeOf,
  submissionBytes,
} from '../src/upload/submission-stream.js';
import { random, scratchDir } from './support/files.js';

let work: Awaited<ReturnType<typeof scratchDir>>;
beforeAll(async () => {
  work = await scratchDir();
});
afterAll(async () => {
  await work?.remove();
});

async function gather(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

test('the stored object is each file encrypted back to back, the same bytes every time', async () => {
  const contents = [random(1024 * 1024 + 5), Buffer.alloc(0), random(300)];
  const paths = contents.map((_, i) => join(work.dir, `f${i}.bin`));
  await Promise.all(paths.map((path, i) => writeFile(path, contents[i]!)));
  const files = await asSubmissionFiles(await inspectFiles(paths));
  const pair = await generateRequestKeyPair('X25519');
  const publicKey = {
    curve: 'X25519',
    key: Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64'),
  };
  const metas = files.map(({ name, type, size }) => ({ name, type, size }));
  const sealed = await sealSubmission(publicKey, { files: metas });

  const stored = await gather(submissionBytes(files, sealed.encKey));
  expect(stored.length).toBe(storedSizeOf(files));
  // A resume re-encrypts from the start: it must reproduce the bytes already sent.
  expect((await gather(submissionBytes(files, sealed.encKey))).equals(stored)).toBe(true);

  // The asker's side: open the header with the private key, then each file's byte range.
  const opened = await openSubmission(pair.privateKey, publicKey, sealed.header);
  let offset = 0;
  for (const [i, file] of opened.meta.files.entries()) {
    const length = encryptedSize(file.size);
    const source = once(stored.subarray(offset, offset + length));
    const plain = await gather(
      decryptChunks({
        encKey: opened.encKey,
        source,
        storedLength: length,
        expectedSize: file.size,
      }),
    );
    expect(plain.equals(contents[i]!)).toBe(true);
    offset += length;
  }
});

test('a file that changed size is refused, before a resume and while it is read', async () => {
  const path = join(work.dir, 'changing.txt');
  await writeFile(path, 'first version');
  const files = await asSubmissionFiles(await inspectFiles([path]));
  await writeFile(path, 'a longer second version');
  await expect(checkUnchanged(files)).rejects.toThrow(
    'changing.txt changed while it was being sent',
  );
  const pair = await generateRequestKeyPair('P-256');
  const raw = await crypto.subtle.exportKey('raw', pair.publicKey);
  const publicKey = { curve: 'P-256', key: Buffer.from(raw).toString('base64') };
  const sealed = await sealSubmission(publicKey, { files: [{ name: 'c', type: '', size: 13 }] });
  await expect(gather(submissionBytes(files, sealed.encKey))).rejects.toThrow(
    'changing.txt changed while it was being sent',
  );
});
