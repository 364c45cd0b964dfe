import { describe, expect, it } from 'vitest';
import { expectedRequestAnswers, requestAnswers } from './support/request-known-answers.js';

// test/request-vectors.json was computed with node:crypto (scripts/make-request-vectors.mjs);
// the library must reproduce every byte with WebCrypto and open what node:crypto sealed.
describe('request known-answer vectors', () => {
  it('seals the request key, the submission header and a file stream on both curves', async () => {
    expect(await requestAnswers()).toEqual(await expectedRequestAnswers());
  }, 20_000);
});
