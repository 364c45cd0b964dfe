import { describe, expect, it } from 'vitest';
import {
  envelopeTamperOutcomes,
  expectedEnvelopeOutcomes,
  expectedStreamOutcomes,
  streamTamperOutcomes,
} from './support/tamper-cases.js';

describe('tampering', () => {
  it('fails every damaged stream with its DecryptionError, releasing only verified bytes', async () => {
    expect(await streamTamperOutcomes()).toEqual(expectedStreamOutcomes);
  }, 30_000);

  it('fails every damaged envelope and every wrong password with a DecryptionError', async () => {
    expect(await envelopeTamperOutcomes()).toEqual(expectedEnvelopeOutcomes);
  }, 30_000);
});
