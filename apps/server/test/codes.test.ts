import { describe, expect, it } from 'vitest';
import { isValidCode, lengthCapacity, randomCode } from '../src/modules/shares/codes/codes.js';

const settings = { codeMinDigits: 4, codeMaxDigits: 6 };

describe('codes', () => {
  it('draws digits of the asked length, leading zeros included, roughly uniformly', () => {
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 2000; i++) {
      const code = randomCode(5);
      expect(code).toMatch(/^\d{5}$/);
      for (const digit of code) counts[Number(digit)]!++;
    }
    // 10 000 digits: each should appear ~1000 times; 800 is far outside chance.
    for (const count of counts) expect(count).toBeGreaterThan(800);
  });

  it('allows CODE_MAX_DENSITY of each code length', () => {
    expect(lengthCapacity(4, 0.01)).toBe(100);
    expect(lengthCapacity(5, 0.01)).toBe(1000);
    expect(lengthCapacity(6, 0.05)).toBe(50_000);
    expect(lengthCapacity(4, 0.00001)).toBe(0);
  });

  it('validates path codes against the configured lengths', () => {
    expect(isValidCode('1234', settings)).toBe(true);
    expect(isValidCode('123456', settings)).toBe(true);
    for (const bad of ['123', '1234567', '12a4', '', ' 1234', '１２３４']) {
      expect(isValidCode(bad, settings)).toBe(false);
    }
  });
});
