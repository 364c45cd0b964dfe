import { configDefaults } from '@codedrop/contract';
import { describe, expect, it } from 'vitest';
import { englishI18n } from '../test-support/english';
import { limitWords, toolsIn } from './tools';

const tools = toolsIn(englishI18n);

const bigger = {
  codeMinDigits: 6,
  maxTextChars: 1_250_000,
  maxFileBytes: 5 * 1024 ** 3,
  downloadLimit: { min: 2, max: 20, default: 5 },
};

describe('limitWords', () => {
  it('words the shipped limits as docs/product.md does', () => {
    expect(limitWords(configDefaults, englishI18n)).toEqual({
      code: '4-digit code',
      codeTitle: '4-Digit Code',
      characters: '100,000 characters',
      maxFile: '50MB',
      downloads: 'from 1 to 100',
    });
  });

  it('words any other limits the same way', () => {
    expect(limitWords(bigger, englishI18n)).toEqual({
      code: '6-digit code',
      codeTitle: '6-Digit Code',
      characters: '1,250,000 characters',
      maxFile: '5GB',
      downloads: 'from 2 to 20',
    });
  });
});

describe('the tools', () => {
  it('describe themselves for search engines in full, whatever the limits', () => {
    for (const limits of [configDefaults, bigger]) {
      for (const tool of tools) {
        const description = tool.description(limits);
        expect(description.length, description).toBeGreaterThanOrEqual(50);
        expect(description.length, description).toBeLessThanOrEqual(160);
      }
    }
  });
});
