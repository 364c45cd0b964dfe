import { describe, expect, it } from 'vitest';
import {
  envelopeAnswers,
  expectedEnvelopes,
  expectedKdf,
  expectedStreams,
  kdfAnswers,
  streamAnswers,
} from './support/known-answers.js';

// test/vectors.json was computed with node:crypto (scripts/make-vectors.mjs); the library
// must reproduce every byte with WebCrypto.
describe('known-answer vectors', () => {
  it('derives master, encKey, authKey and authVerifier', async () => {
    expect(await kdfAnswers()).toEqual(expectedKdf());
  });

  it('writes and reads the text and file-metadata envelopes', async () => {
    expect(await envelopeAnswers()).toEqual(expectedEnvelopes());
  });

  it('writes and reads the file streams, from empty to 3 MiB + 5', async () => {
    expect(await streamAnswers()).toEqual(await expectedStreams());
  }, 30_000);
});
