import { describe, expect, it } from 'vitest';
import { parseDownloadLimit } from './download-limit';

const range = { min: 1, max: 100 };

describe('parseDownloadLimit', () => {
  it('reads a number in range as it is', () => {
    expect(parseDownloadLimit('10', range)).toBe(10);
    expect(parseDownloadLimit(' 1 ', range)).toBe(1);
    expect(parseDownloadLimit('100', range)).toBe(100);
  });

  it('falls back to 1 for empty or non-numeric input', () => {
    expect(parseDownloadLimit('', range)).toBe(1);
    expect(parseDownloadLimit('abc', range)).toBe(1);
    expect(parseDownloadLimit('-', range)).toBe(1);
  });

  it('keeps the limit within 1–100', () => {
    expect(parseDownloadLimit('0', range)).toBe(1);
    expect(parseDownloadLimit('-5', range)).toBe(1);
    expect(parseDownloadLimit('101', range)).toBe(100);
    expect(parseDownloadLimit('99999', range)).toBe(100);
  });

  it('cuts fractions', () => {
    expect(parseDownloadLimit('7.9', range)).toBe(7);
  });
});
