import { describe, expect, it } from 'vitest';
import { filterCodeInput, isLookupCode } from './code-input';

describe('filterCodeInput', () => {
  it('keeps digits only', () => {
    expect(filterCodeInput('12ab34', 6)).toBe('1234');
    expect(filterCodeInput(' 1 2-3.4 ', 6)).toBe('1234');
    expect(filterCodeInput('abc', 6)).toBe('');
  });

  it('cuts to the configured maximum', () => {
    expect(filterCodeInput('12345678', 6)).toBe('123456');
    expect(filterCodeInput('1a2b3c4d5e', 4)).toBe('1234');
  });

  it('reads the digits of the scripts the site speaks as 0–9', () => {
    expect(filterCodeInput('١٢٣٤', 6)).toBe('1234');
    expect(filterCodeInput('۴۸۲۱', 6)).toBe('4821');
    expect(filterCodeInput('४८२१', 6)).toBe('4821');
    expect(filterCodeInput('４８２１', 6)).toBe('4821');
  });

  it('drops digits of other scripts, which the server would refuse', () => {
    expect(filterCodeInput('𝟏𝟐𝟑𝟒', 6)).toBe('');
  });
});

describe('isLookupCode', () => {
  it('accepts 4 to the maximum digits', () => {
    expect(isLookupCode('1234', 4, 6)).toBe(true);
    expect(isLookupCode('123456', 4, 6)).toBe(true);
    expect(isLookupCode(' 12345 ', 4, 6)).toBe(true);
  });

  it('refuses short, long or non-digit codes', () => {
    expect(isLookupCode('123', 4, 6)).toBe(false);
    expect(isLookupCode('1234567', 4, 6)).toBe(false);
    expect(isLookupCode('12a4', 4, 6)).toBe(false);
    expect(isLookupCode('', 4, 6)).toBe(false);
  });
});
