import { encryptedSize } from '@codedrop/crypto';
import { describe, expect, it } from 'vitest';
import { storedRanges, storedTotal } from './submission-files';

describe('storedRanges', () => {
  it('places each file right after the one before, by its encrypted size', () => {
    const files = [{ size: 10 }, { size: 0 }, { size: 200_000 }];
    const [first, empty, last] = storedRanges(files);
    expect(first).toEqual({ start: 0, end: encryptedSize(10) });
    // An empty file still has its stream (header and one final segment).
    expect(empty).toEqual({ start: encryptedSize(10), end: encryptedSize(10) + encryptedSize(0) });
    expect(last!.start).toBe(empty!.end);
    expect(last!.end - last!.start).toBe(encryptedSize(200_000));
    expect(last!.end).toBe(storedTotal(files));
  });

  it('has nothing to place for a text-only submission', () => {
    expect(storedRanges([])).toEqual([]);
    expect(storedTotal([])).toBe(0);
  });
});
