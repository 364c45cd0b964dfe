import { expect, it } from 'vitest';
import { SEGMENT_SIZE, decryptChunks, encryptChunks, encryptedSize } from '../src/index.js';
import { aesKey, sameBytes } from './support/bytes.js';

// A sanity check of throughput: timings are printed, never asserted, so a slow machine does
// not fail the suite; correctness of the 50 MiB round trip is asserted.
it('encrypts and decrypts 50 MiB as a stream', async () => {
  const n = 50 * SEGMENT_SIZE;
  const plaintext = new Uint8Array(n);
  for (let offset = 0; offset < n; offset += 65_536) {
    crypto.getRandomValues(plaintext.subarray(offset, offset + 65_536));
  }
  const key = await aesKey(crypto.getRandomValues(new Uint8Array(32)));

  let started = performance.now();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for await (const sealed of encryptChunks({
    encKey: key,
    source: new Blob([plaintext]),
    length: n,
  })) {
    parts.push(sealed);
  }
  const encryptMs = performance.now() - started;
  const stored = new Blob(parts);
  expect(stored.size).toBe(encryptedSize(n));

  started = performance.now();
  let offset = 0;
  let same = true;
  let compareMs = 0;
  const options = { encKey: key, source: stored, storedLength: stored.size, expectedSize: n };
  for await (const plain of decryptChunks(options)) {
    const compareStarted = performance.now();
    same &&= sameBytes(plain, plaintext.subarray(offset, offset + plain.length));
    compareMs += performance.now() - compareStarted;
    offset += plain.length;
  }
  const decryptMs = performance.now() - started - compareMs;
  expect(offset).toBe(n);
  expect(same).toBe(true);

  const rate = (ms: number) => `${((n / 1024 / 1024 / ms) * 1000).toFixed(0)} MiB/s`;
  console.log(
    `50 MiB: encrypt ${encryptMs.toFixed(0)} ms (${rate(encryptMs)}), decrypt ${decryptMs.toFixed(0)} ms (${rate(decryptMs)})`,
  );
}, 60_000);
