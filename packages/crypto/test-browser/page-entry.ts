// Bundled by the spec with esbuild into one script for a Chromium page; the page exposes it
// as `window.cryptoTests`.
import {
  SEGMENT_SIZE,
  createKeys,
  decryptBlob,
  encryptBlob,
  generatePassword,
} from '../src/index.js';
import { patternBytes, sameBytes } from '../test/support/bytes.js';

export { envelopeAnswers, kdfAnswers, streamAnswers } from '../test/support/known-answers.js';
export { envelopeTamperOutcomes, streamTamperOutcomes } from '../test/support/tamper-cases.js';

/** A File through encryptBlob/decryptBlob at the real work factor, with timings. */
export async function fileRoundTrip() {
  let started = performance.now();
  const keys = await createKeys(generatePassword());
  const kdfMs = performance.now() - started;

  const plaintext = patternBytes(42, 5 * SEGMENT_SIZE + 17);
  const file = new File([plaintext], 'data.bin', { type: 'application/octet-stream' });
  started = performance.now();
  const stored = await encryptBlob(file, keys.encKey);
  const encryptMs = performance.now() - started;
  started = performance.now();
  const opened = await decryptBlob(stored, keys.encKey, file.size, { type: file.type });
  const decryptMs = performance.now() - started;
  return {
    iter: keys.kdf.iter,
    storedSize: stored.size,
    same: sameBytes(new Uint8Array(await opened.arrayBuffer()), plaintext),
    type: opened.type,
    timings: { kdfMs, encryptMs, decryptMs },
  };
}
