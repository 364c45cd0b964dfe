import { describe, expect, it } from 'vitest';
import {
  blobKeyTimestamp,
  bundleBlobKey,
  bundleStem,
  isBlobKey,
  newBlobKey,
} from '../../src/infra/blob/keys.js';

const NOW = 1_767_225_600_000;

describe('newBlobKey', () => {
  it('is the timestamp, 16 random hex digits and the lower-cased extension', () => {
    expect(newBlobKey('Holiday Photo.JPG', NOW)).toMatch(/^1767225600000-[0-9a-f]{16}\.jpg$/);
  });

  it('differs on every call', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newBlobKey('a.txt', NOW)));
    expect(keys.size).toBe(1000);
  });

  it.each([
    [null, ''],
    ['no-extension', ''],
    ['.bashrc', ''],
    ['archive.tar.gz', '.gz'],
    ['trailing.', ''],
    ['weird.ex e', ''],
    ['long.abcdefghijk', ''],
    ['max.abcdefghij', '.abcdefghij'],
    ['unicode.ñ', ''],
    ['../../etc/passwd', ''],
    ['dir/evil.sh/..', ''],
    ['C:\\Users\\me\\report.PDF', '.pdf'],
    ['x.tx/t', ''],
  ])('keeps only a safe extension of %j', (name, ext) => {
    const key = newBlobKey(name, NOW);
    expect(key.slice(key.indexOf('-') + 17)).toBe(ext);
    expect(isBlobKey(key)).toBe(true);
    expect(key).not.toMatch(/[/\\]|\.\./);
  });
});

describe('blobKeyTimestamp', () => {
  it('reads back the creation time', () => {
    expect(blobKeyTimestamp(newBlobKey('a.txt', NOW))).toBe(NOW);
    expect(blobKeyTimestamp(newBlobKey(null, NOW))).toBe(NOW);
  });

  it.each([
    'notes.txt',
    '',
    '1767225600000',
    '1767225600000-0123456789abcdef.tar.gz',
    '1767225600000-0123456789ABCDEF',
    '1767225600000-0123456789abcdef.pdf.1a2b3c4d5e6f.partial',
    '-1-0123456789abcdef',
    '../1767225600000-0123456789abcdef',
  ])('is null for %j, which no key looks like', (name) => {
    expect(blobKeyTimestamp(name)).toBeNull();
    expect(isBlobKey(name)).toBe(false);
  });
});

describe('bundle keys', () => {
  it("derive a further file's key from the first file's stem", () => {
    const first = newBlobKey('photo.png', NOW);
    const stem = first.replace(/\.png$/, '');
    const second = bundleBlobKey(first, 1, 'Report.PDF');
    expect(second).toBe(`${stem}-1.pdf`);
    expect(bundleBlobKey(first, 12, null)).toBe(`${stem}-12`);
    expect(isBlobKey(second)).toBe(true);
    expect(blobKeyTimestamp(second)).toBe(NOW);
    expect(bundleStem(second)).toBe(stem);
    expect(bundleStem(first)).toBeNull();
  });

  it('refuse a further key as the first, and indexes out of range', () => {
    const first = newBlobKey(null, NOW);
    expect(() => bundleBlobKey(bundleBlobKey(first, 1, null), 2, null)).toThrow(RangeError);
    expect(() => bundleBlobKey(first, 0, null)).toThrow(RangeError);
    expect(() => bundleBlobKey(first, 1000, null)).toThrow(RangeError);
    expect(isBlobKey(`${first}-0`)).toBe(false);
    expect(isBlobKey(`${first}-01`)).toBe(false);
  });
});
