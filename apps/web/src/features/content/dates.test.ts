import { describe, expect, it } from 'vitest';
import { formatLongDate } from './dates';

describe('formatLongDate', () => {
  it('writes a date as en-US long form in UTC, as Intl.DateTimeFormat would', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (const iso of ['2025-01-15', '2024-02-29', '2026-11-01', '2025-12-31', '1999-07-04']) {
      expect(formatLongDate(iso)).toBe(intl.format(new Date(`${iso}T00:00:00Z`)));
    }
  });

  it('refuses what is not a calendar date', () => {
    expect(() => formatLongDate('2025-13-01')).toThrow(RangeError);
    expect(() => formatLongDate('January 15')).toThrow(RangeError);
  });
});
