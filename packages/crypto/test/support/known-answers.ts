// Computes, with the library, every value test/vectors.json pins; shared by the Node tests
// and the Chromium page so both runtimes are held to the same bytes.
import {
  decryptChunks,
  decryptFileMeta,
  decryptText,
  authVerifier,
  encryptChunks,
  type Envelope,
  type FileMeta,
} from '../../src/index.js';
import { deriveKeys } from '../../src/kdf.js';
import { encryptFileMeta } from '../../src/file-meta.js';
import { encryptText } from '../../src/envelope.js';
import { ENC_INFO, deriveMaster, expandBytes } from '../../src/kdf.js';
import vectors from '../vectors.json' with { type: 'json' };
import { collect, fromHex, patternBytes, sha256Hex, toHex } from './bytes.js';

export { vectors };

const salt = fromHex(vectors.salt);

export async function kdfAnswers() {
  const master = await deriveMaster(vectors.password, salt, vectors.iter);
  const { authKey } = await deriveKeys(vectors.password, salt, vectors.iter);
  return {
    master: toHex(master),
    encKey: toHex(await expandBytes(master, ENC_INFO)),
    authKey: toHex(authKey),
    authVerifier: await authVerifier(authKey),
  };
}

export const expectedKdf = () => ({
  master: vectors.master,
  encKey: vectors.encKey,
  authKey: vectors.authKey,
  authVerifier: vectors.authVerifier,
});

export async function envelopeAnswers() {
  const options = { iter: vectors.iter, salt };
  return Promise.all(
    vectors.envelopes.map(async (vector) => {
      const iv = fromHex(vector.iv);
      if (vector.kind === 'text') {
        const made = await encryptText(vectors.password, vector.text!, { ...options, iv });
        const opened = await decryptText(vectors.password, vector.envelope);
        return {
          name: vector.name,
          envelope: made.envelope,
          authVerifier: made.authVerifier,
          opened,
        };
      }
      const made = await encryptFileMeta(vectors.password, [vector.meta!], { ...options, iv });
      const [opened] = await decryptFileMeta(vectors.password, vector.envelope);
      return {
        name: vector.name,
        envelope: made.envelope,
        authVerifier: made.authVerifier,
        opened,
      };
    }),
  );
}

export const expectedEnvelopes = () =>
  vectors.envelopes.map((vector) => ({
    name: vector.name,
    envelope: vector.envelope as Envelope,
    authVerifier: vectors.authVerifier,
    opened: (vector.kind === 'text' ? vector.text : vector.meta) as string | FileMeta,
  }));

export async function streamAnswers() {
  const encKey = await crypto.subtle.importKey('raw', fromHex(vectors.encKey), 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
  const answers = [];
  for (const vector of vectors.streams) {
    const plaintext = patternBytes(vector.seed, vector.length);
    const source = new Blob([plaintext]);
    const noncePrefix = fromHex(vector.noncePrefix);
    const stored = await collect(
      encryptChunks({ encKey, source, length: vector.length, noncePrefix }),
    );
    const opened = await collect(
      decryptChunks({
        encKey,
        source: new Blob([stored]),
        storedLength: stored.length,
        expectedSize: vector.length,
      }),
    );
    answers.push({
      name: vector.name,
      storedLength: stored.length,
      sha256: await sha256Hex(stored),
      head: toHex(stored.subarray(0, 64)),
      tail: toHex(stored.subarray(-32)),
      openedSha256: await sha256Hex(opened),
    });
  }
  return answers;
}

export async function expectedStreams() {
  const expected = [];
  for (const vector of vectors.streams) {
    expected.push({
      name: vector.name,
      storedLength: vector.storedLength,
      sha256: vector.sha256,
      head: vector.head,
      tail: vector.tail,
      openedSha256: await sha256Hex(patternBytes(vector.seed, vector.length)),
    });
  }
  return expected;
}
