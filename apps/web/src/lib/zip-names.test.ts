// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { zipEntryNames, zipFileName } from './zip-names';

describe('zipFileName', () => {
  it('names the archive after the code', () => {
    expect(zipFileName('4821')).toBe('codedrop-4821.zip');
  });
});

describe('zipEntryNames', () => {
  it('keeps distinct names as they are, in order', () => {
    expect(zipEntryNames(['photo.png', 'report.pdf', 'notes.txt'])).toEqual([
      'photo.png',
      'report.pdf',
      'notes.txt',
    ]);
  });

  it('numbers repeated names before the extension', () => {
    expect(zipEntryNames(['a.txt', 'a.txt', 'b.txt', 'a.txt'])).toEqual([
      'a.txt',
      'a (2).txt',
      'b.txt',
      'a (3).txt',
    ]);
  });

  it('treats names that differ only in case as the same', () => {
    expect(zipEntryNames(['Report.PDF', 'report.pdf'])).toEqual(['Report.PDF', 'report (2).pdf']);
  });

  it('never produces a name another file already has', () => {
    expect(zipEntryNames(['a (2).txt', 'a.txt', 'a.txt'])).toEqual([
      'a (2).txt',
      'a.txt',
      'a (3).txt',
    ]);
  });

  it('keeps double extensions and names without one together', () => {
    expect(zipEntryNames(['backup.tar.gz', 'backup.tar.gz', 'Makefile', 'Makefile'])).toEqual([
      'backup.tar.gz',
      'backup (2).tar.gz',
      'Makefile',
      'Makefile (2)',
    ]);
    expect(zipEntryNames(['.env', '.env'])).toEqual(['.env', '.env (2)']);
  });

  it('makes every name one plain file: no folders, no climbing out, no Windows-refused characters', () => {
    expect(zipEntryNames(['../../etc/passwd', 'dir\\file.txt', 'a:b?.txt', 'x<y>|"*.md'])).toEqual([
      '.._.._etc_passwd',
      'dir_file.txt',
      'a_b_.txt',
      'x_y____.md',
    ]);
  });

  it('drops control characters and direction overrides, as every shown name does', () => {
    expect(zipEntryNames(['invoice\u202etxt.exe', 'tab\there.txt'])).toEqual([
      'invoicetxt.exe',
      'tabhere.txt',
    ]);
  });

  it('gives names that are left empty a stand-in, numbered like any other', () => {
    expect(zipEntryNames(['', '..', ' . ', '\u0000'])).toEqual([
      'file',
      'file (2)',
      'file (3)',
      'file (4)',
    ]);
  });

  it('keeps the number and extension of a long name within 255 characters', () => {
    const long = `${'x'.repeat(251)}.txt`;
    const [first, second] = zipEntryNames([long, long]);
    expect(first).toBe(long);
    expect(second).toHaveLength(255);
    expect(second).toMatch(/x \(2\)\.txt$/);
  });
});
