// Bundled by the spec with esbuild into one script for a Chromium page; the page exposes it
// as `window.cryptoTests`.
import {
  SEGMENT_SIZE,
  createKeys,
  decryptBlob,
  decryptRequestKey,
  encryptBlob,
  generatePassword,
  generateRequestKeyPair,
  openSubmission,
  sealRequestKey,
  sealSubmission,
  type RequestCurve,
} from '../src/index.js';
import { patternBytes, sameBytes } from '../test/support/bytes.js';

export { preferredRequestCurve } from '../src/index.js';
export { envelopeAnswers, kdfAnswers, streamAnswers } from '../test/support/known-answers.js';
export { requestAnswers } from '../test/support/request-known-answers.js';
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

/** What a sender puts in a submission: one file made of xorshift32(seed) bytes, and a text. */
export interface SentFile {
  name: string;
  type: string;
  seed: number;
  length: number;
  text: string;
}

/**
 * A request's whole life on one curve, as the web app will run it: the asker makes and
 * seals the key, a sender seals a submission with a File to the published public key, and
 * the asker opens the key with the password, then the submission and the file. What crosses
 * the server (public key, sealed key, header) is handed on as JSON text, as it arrives there.
 */
export async function requestRoundTrip(curve: RequestCurve, sent: SentFile) {
  const password = generatePassword();
  const sealedKey = await sealRequestKey(password, await generateRequestKeyPair(curve));
  const publicKey = JSON.stringify(sealedKey.publicKey);

  const plaintext = patternBytes(sent.seed, sent.length);
  const file = new File([plaintext], sent.name, { type: sent.type });
  const submission = await sealSubmission(publicKey, {
    files: [{ name: file.name, type: file.type, size: file.size }],
    text: sent.text,
  });
  const stored = await encryptBlob(file, submission.encKey);
  const header = JSON.stringify(submission.header);

  const opened = await decryptRequestKey(password, JSON.stringify(sealedKey.sealedKey), publicKey);
  const received = await openSubmission(opened.privateKey, publicKey, header);
  const meta = received.meta.files[0]!;
  const back = await decryptBlob(stored, received.encKey, meta.size, { type: meta.type });
  return {
    publicKeyCurve: sealedKey.publicKey.curve,
    kex: submission.header.kex.name,
    iter: sealedKey.kdf.iter,
    openedCurve: opened.curve,
    privateKeyExtractable: opened.privateKey.extractable,
    meta: received.meta,
    storedSize: stored.size,
    same: sameBytes(new Uint8Array(await back.arrayBuffer()), plaintext),
    type: back.type,
  };
}
