// Computes, with the library, every value test/request-vectors.json pins; written like
// known-answers.ts so that a browser page can hold WebCrypto there to the same bytes.
import {
  decryptChunks,
  decryptRequestKey,
  encryptChunks,
  fromBase64,
  openSubmission,
  sealRequestKey,
  sealSubmission,
  type Envelope,
  type RequestPublicKey,
  type SubmissionHeader,
  type SubmissionMeta,
} from '../../src/index.js';
import { importRequestKeyPair } from '../../src/request-keys.js';
import vectors from '../request-vectors.json' with { type: 'json' };
import { collect, fromHex, patternBytes, sha256Hex, toHex } from './bytes.js';

export { vectors };

type Vector = (typeof vectors.vectors)[number];

async function answer(vector: Vector) {
  const curve = vector.publicKey.curve as RequestPublicKey['curve'];
  const keyPair = await importRequestKeyPair(curve, fromBase64(vector.requestPkcs8));
  const sealed = await sealRequestKey(vectors.password, keyPair, {
    iter: vectors.iter,
    salt: fromHex(vectors.salt),
    iv: fromHex(vector.sealedKeyIv),
  });
  const { privateKey } = await decryptRequestKey(
    vectors.password,
    vector.sealedKey,
    vector.publicKey,
  );

  const made = await sealSubmission(vector.publicKey, vector.meta, {
    iv: fromHex(vector.iv),
    ephemeralPkcs8: fromBase64(vector.ephemeralPkcs8),
  });
  const { file } = vector;
  const stored = await collect(
    encryptChunks({
      encKey: made.encKey,
      source: new Blob([patternBytes(file.seed, file.length)]),
      length: file.length,
      noncePrefix: fromHex(file.noncePrefix),
    }),
  );

  const opened = await openSubmission(privateKey, vector.publicKey, vector.header);
  const plain = await collect(
    decryptChunks({
      encKey: opened.encKey,
      source: new Blob([fromHex(file.stored)]),
      storedLength: file.stored.length / 2,
      expectedSize: opened.meta.files[0]!.size,
    }),
  );
  return {
    name: vector.name,
    publicKey: sealed.publicKey,
    sealedKey: sealed.sealedKey,
    authVerifier: sealed.authVerifier,
    header: made.header,
    stored: toHex(stored),
    openedMeta: opened.meta,
    openedSha256: await sha256Hex(plain),
  };
}

export async function requestAnswers() {
  const answers = [];
  for (const vector of vectors.vectors) answers.push(await answer(vector));
  return answers;
}

export async function expectedRequestAnswers() {
  const expected = [];
  for (const vector of vectors.vectors) {
    expected.push({
      name: vector.name,
      publicKey: vector.publicKey as RequestPublicKey,
      sealedKey: vector.sealedKey as Envelope,
      authVerifier: vectors.authVerifier,
      header: vector.header as SubmissionHeader,
      stored: vector.file.stored,
      openedMeta: vector.meta as SubmissionMeta,
      openedSha256: await sha256Hex(patternBytes(vector.file.seed, vector.file.length)),
    });
  }
  return expected;
}
