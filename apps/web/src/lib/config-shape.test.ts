import { configDefaults, publicConfigSchema } from '@codedrop/contract';
import { describe, expect, it } from 'vitest';
import { isPublicConfig } from './config-shape';

const answer = { ...configDefaults, adsClientId: 'ca-pub-1', maxTextChars: 5 };

describe('isPublicConfig', () => {
  it('takes what the server answers, as the contract schema does', () => {
    expect(isPublicConfig(answer)).toBe(true);
    expect(publicConfigSchema.safeParse(answer).success).toBe(true);
    expect(isPublicConfig(configDefaults)).toBe(true);
  });

  it('refuses what the contract schema refuses: missing, mistyped or null fields', () => {
    const bad = [
      { ...answer, maxFileBytes: '50MB' },
      { ...answer, expiryChoicesSeconds: ['600'] },
      { ...answer, downloadLimit: { min: 1, max: 100 } },
      { ...answer, codeMinDigits: null },
      { ...answer, maxNoteChars: Number.NaN },
      null,
      'config',
    ];
    for (const value of bad) {
      expect(isPublicConfig(value)).toBe(false);
      expect(publicConfigSchema.safeParse(value).success).toBe(false);
    }
  });
});
