import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name.js';

describe('cleanFileName', () => {
  it('removes controls and every direction control', () => {
    const bidi = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(cleanFileName(`invoice${bidi}txt.exe`)).toBe('invoicetxt.exe');
    expect(cleanFileName(' a\u0000\u001f\u007f\u009fb ')).toBe('ab');
  });

  it('removes characters that show as nothing, but not the joiners emoji need', () => {
    const invisible = '\u00ad\u034f\u115f\u180e\u200b\u2060\u2063\u3164\ufeff\u{e0041}';
    expect(cleanFileName(`in${invisible}voice.pdf`)).toBe('invoice.pdf');
    expect(cleanFileName('\u200b')).toBe('');
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}';
    expect(cleanFileName(`${family}.png`)).toBe(`${family}.png`);
    expect(cleanFileName('\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.txt')).toContain(
      '\u200c',
    );
  });

  it('keeps other scripts and caps the name at 255 characters', () => {
    expect(cleanFileName('отчёт שלום 報告.pdf')).toBe('отчёт שלום 報告.pdf');
    expect(Array.from(cleanFileName('😀'.repeat(300)))).toHaveLength(255);
  });
});
