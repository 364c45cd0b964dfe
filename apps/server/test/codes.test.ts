import { describe, expect, it } from 'vitest';
import { chooseCodeLength, isValidCode, randomCode } from '../src/domain/codes.js';

const settings = { codeMinDigits: 4, codeMaxDigits: 6, codeMaxDensity: 0.01 };

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

  it('uses 4 digits while at most 1 % of that space is taken, then grows', () => {
    expect(chooseCodeLength(new Map(), settings)).toBe(4);
    expect(chooseCodeLength(new Map([[4, 99]]), settings)).toBe(4);
    expect(chooseCodeLength(new Map([[4, 100]]), settings)).toBe(5);
    expect(
      chooseCodeLength(
        new Map([
          [4, 100],
          [5, 999],
        ]),
        settings,
      ),
    ).toBe(5);
    expect(
      chooseCodeLength(
        new Map([
          [4, 100],
          [5, 1000],
        ]),
        settings,
      ),
    ).toBe(6);
    expect(
      chooseCodeLength(
        new Map([
          [4, 100],
          [5, 1000],
          [6, 1_000_000],
        ]),
        settings,
      ),
    ).toBe(6);
  });

  it('validates path codes against the configured lengths', () => {
    expect(isValidCode('1234', settings)).toBe(true);
    expect(isValidCode('123456', settings)).toBe(true);
    for (const bad of ['123', '1234567', '12a4', '', ' 1234', '１２３４']) {
      expect(isValidCode(bad, settings)).toBe(false);
    }
  });
});
