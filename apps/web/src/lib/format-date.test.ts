import { describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatDuration, formatRemaining } from './format-date';

describe('formatRemaining', () => {
  it.each([
    [0, '0s'],
    [-5000, '0s'],
    [9_999, '9s'],
    [65_000, '1m 05s'],
    [3_600_000, '1h 00m'],
    [(23 * 3600 + 59 * 60 + 59) * 1000, '23h 59m'],
    [49 * 3600 * 1000, '2d 1h'],
  ])('%d ms left reads %s', (ms, expected) => {
    expect(formatRemaining(ms)).toBe(expected);
  });
});

describe('formatDuration', () => {
  it.each([
    [600, '10 minutes'],
    [3600, '1 hour'],
    [21_600, '6 hours'],
    [86_400, '24 hours'],
    [90, '90 seconds'],
    [60, '1 minute'],
  ])('%d s reads %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  it('formats a timestamp and leaves garbage alone', () => {
    expect(formatDateTime('2025-01-15T10:30:00.000Z')).toMatch(/2025/);
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('in another language', () => {
  it('writes the countdown, the durations and the dates with Intl', () => {
    const unit = (n: number, name: string, display: 'long' | 'narrow', digits = 1) =>
      new Intl.NumberFormat('de', {
        style: 'unit',
        unit: name,
        unitDisplay: display,
        minimumIntegerDigits: digits,
      }).format(n);
    const list = new Intl.ListFormat('de', { type: 'unit', style: 'narrow' });
    expect(formatRemaining(65_000, 'de')).toBe(
      list.format([unit(1, 'minute', 'narrow'), unit(5, 'second', 'narrow', 2)]),
    );
    expect(formatRemaining(9_999, 'de')).toBe(unit(9, 'second', 'narrow'));
    expect(formatDuration(86_400, 'de')).toBe(unit(24, 'hour', 'long'));
    expect(formatDuration(90, 'de')).toBe(unit(90, 'second', 'long'));
    const iso = '2025-01-15T10:30:00.000Z';
    const date = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' });
    expect(formatDateTime(iso, 'de')).toBe(date.format(new Date(iso)));
  });

  it('keeps the English words on an English page', () => {
    expect(formatRemaining(65_000, 'en')).toBe('1m 05s');
    expect(formatDuration(3600, 'en')).toBe('1 hour');
  });
});

describe('warmDateTimeFormat', () => {
  it('starts one worker from this origin, once, and formats the same afterwards', async () => {
    vi.resetModules();
    const started: Array<{ url: string; type: string | undefined }> = [];
    // jsdom has no Worker: this one records what the page asks for.
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: URL, options?: WorkerOptions) {
          started.push({ url: String(url), type: options?.type });
        }
      },
    );
    try {
      const dates = await import('./format-date');
      dates.warmDateTimeFormat();
      dates.warmDateTimeFormat();
      expect(started).toHaveLength(1);
      expect(started[0]!.url).toMatch(/intl-warmup-worker/);
      expect(new URL(started[0]!.url).origin).toBe(window.location.origin);
      expect(started[0]!.type).toBe('module');
      expect(dates.formatDateTime('2025-01-15T10:30:00.000Z')).toMatch(/2025/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('does nothing where no worker can start', async () => {
    vi.resetModules();
    vi.stubGlobal('Worker', undefined);
    try {
      const dates = await import('./format-date');
      expect(() => dates.warmDateTimeFormat()).not.toThrow();
      expect(dates.formatDateTime('2025-01-15T10:30:00.000Z')).toMatch(/2025/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
