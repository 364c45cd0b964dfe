import { describe, expect, test } from 'vitest';
import { safeFileName, uniqueNames } from '../src/download/safe-names.js';

describe('safeFileName', () => {
  test.each([
    ['report.pdf', 'report.pdf'],
    ['../../evil.txt', 'evil.txt'],
    ['..\\..\\evil.txt', 'evil.txt'],
    ['/etc/passwd', 'passwd'],
    ['dir/sub/', 'sub'],
    ['..', 'download'],
    ['...', 'download'],
    ['', 'download'],
    ['  spaced  ', 'spaced'],
    ['a\u0000b\u001fc.txt', 'abc.txt'],
    ['invoice\u202Etxt.exe', 'invoicetxt.exe'],
    ['.bashrc', '.bashrc'],
    ['Résumé (final).pdf', 'Résumé (final).pdf'],
  ])('%j → %j', (raw, safe) => {
    expect(safeFileName(raw)).toBe(safe);
  });
});

test('uniqueNames numbers repeats before the extension, case-insensitively', () => {
  expect(uniqueNames(['a.txt', 'A.txt', 'a.txt', 'b', 'b'])).toEqual([
    'a.txt',
    'A (2).txt',
    'a (3).txt',
    'b',
    'b (2)',
  ]);
});
