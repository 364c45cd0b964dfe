// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { declaredKind, maxMediaPreviewBytes, offersPreview } from './file-kind';

const MiB = 1024 * 1024;

describe('declaredKind', () => {
  it.each([
    ['photo.bin', 'image/png', 'image'],
    ['report', 'application/pdf', 'pdf'],
    ['song', 'audio/mpeg', 'audio'],
    ['clip', 'video/mp4', 'video'],
    ['notes', 'text/plain; charset=utf-8', 'text'],
    ['data', 'application/json', 'text'],
    ['bundle', 'application/zip', 'archive'],
    ['tool.exe', 'application/x-msdownload', 'other'],
  ])('reads the type first: %s (%s) is %s', (name, type, kind) => {
    expect(declaredKind(name, type)).toBe(kind);
  });

  it.each([
    ['IMG_0001.JPG', 'image'],
    ['Report.PDF', 'pdf'],
    ['voice.m4a', 'audio'],
    ['movie.webm', 'video'],
    ['README.md', 'text'],
    ['backup.tar.gz', 'archive'],
    ['no-extension', 'other'],
    ['.env', 'other'],
  ])('falls back to the extension when the type says nothing: %s is %s', (name, kind) => {
    expect(declaredKind(name, 'application/octet-stream')).toBe(kind);
    expect(declaredKind(name)).toBe(kind);
  });
});

describe('offersPreview', () => {
  it('offers images, PDFs, audio and video up to 25 MiB', () => {
    for (const name of ['a.png', 'a.jpg', 'a.gif', 'a.webp', 'a.avif', 'a.svg', 'a.pdf']) {
      expect(offersPreview({ name, size: maxMediaPreviewBytes })).toBe(true);
      expect(offersPreview({ name, size: maxMediaPreviewBytes + 1 })).toBe(false);
    }
    expect(offersPreview({ name: 'a', type: 'audio/ogg', size: 5 * MiB })).toBe(true);
    expect(offersPreview({ name: 'a', type: 'video/mp4', size: 20 * MiB })).toBe(true);
  });

  it('offers text up to 1 MiB only', () => {
    expect(offersPreview({ name: 'log.txt', size: MiB })).toBe(true);
    expect(offersPreview({ name: 'log.txt', size: MiB + 1 })).toBe(false);
    expect(offersPreview({ name: 'x', type: 'text/csv', size: 10 })).toBe(true);
  });

  it('offers nothing for archives, unknown files, empty files and images browsers cannot show', () => {
    expect(offersPreview({ name: 'a.zip', size: 10 })).toBe(false);
    expect(offersPreview({ name: 'a.exe', size: 10 })).toBe(false);
    expect(offersPreview({ name: 'a.png', size: 0 })).toBe(false);
    expect(offersPreview({ name: 'a.heic', type: 'image/heic', size: 10 })).toBe(false);
    expect(offersPreview({ name: 'a.bmp', size: 10 })).toBe(false);
  });
});
