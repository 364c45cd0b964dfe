import { describe, expect, it } from 'vitest';
import { progressPercent } from './progress';

describe('progressPercent', () => {
  it('has no percentage while the key is derived', () => {
    expect(progressPercent({ stage: 'deriving' })).toBeNull();
  });

  it('rounds down so 100 % means done', () => {
    expect(progressPercent({ stage: 'encrypting', done: 0, total: 3 })).toBe(0);
    expect(progressPercent({ stage: 'encrypting', done: 2, total: 3 })).toBe(66);
    expect(progressPercent({ stage: 'uploading', done: 999, total: 1000 })).toBe(99);
    expect(progressPercent({ stage: 'uploading', done: 1000, total: 1000 })).toBe(100);
  });

  it('treats an empty total as complete', () => {
    expect(progressPercent({ stage: 'encrypting', done: 0, total: 0 })).toBe(100);
  });
});
