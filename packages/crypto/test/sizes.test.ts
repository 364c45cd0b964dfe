import { describe, expect, it } from 'vitest';
import { encryptedSize, plaintextSize } from '../src/index.js';

const MiB = 1_048_576;

describe('encrypted file sizes (docs/design.md#encryption)', () => {
  it.each([
    [0, 12 + 16],
    [1, 12 + 1 + 16],
    [MiB, 12 + MiB + 16],
    [MiB + 1, 12 + MiB + 1 + 32],
    [3 * MiB + 5, 12 + 3 * MiB + 5 + 64],
  ])('%i plaintext bytes are stored as %i', (plain, stored) => {
    expect(encryptedSize(plain)).toBe(stored);
    expect(plaintextSize(stored)).toBe(plain);
  });

  it('knows which stored sizes no plaintext produces', () => {
    for (const impossible of [0, 27, 12 + MiB + 17, 12 + MiB + 16 + 16]) {
      expect(plaintextSize(impossible)).toBeNull();
    }
  });
});
