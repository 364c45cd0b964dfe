import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name.js';

describe('cleanFileName', () => {
  it('removes controls and every direction control', () => {
    const bidi = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(cleanFileName(`invoice${bidi}txt.exe`)).toBe('invoicetxt.exe');
    expect(cleanFileName(' a\u0000\u001f\u007f\u009fb ')).toBe('ab');
  });

  it('keeps other scripts and caps the name at 255 characters', () => {
    expect(cleanFileName('отчёт שלום 報告.pdf')).toBe('отчёт שלום 報告.pdf');
    expect(Array.from(cleanFileName('😀'.repeat(300)))).toHaveLength(255);
  });
});
