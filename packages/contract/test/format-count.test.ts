import { describe, expect, it } from 'vitest';
import { formatCount } from '../src/format-count.js';

describe('formatCount', () => {
  it.each([0, 7, 999, 1_000, 12_345, 100_000, 999_999, 1_000_000, 2_147_483_647, -1_234])(
    'writes %d as toLocaleString("en-US") does',
    (count) => {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    },
  );

  it('groups every thousand', () => {
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});
