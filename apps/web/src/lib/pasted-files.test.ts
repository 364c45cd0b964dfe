import { describe, expect, it } from 'vitest';
import {
  allImages,
  extensionFor,
  hasUsefulName,
  namePastedFiles,
  pastedFileName,
} from './pasted-files';

// Local time, as the visitor's clock reads it: 22 November 2026, 15:30.
const at = new Date(2026, 10, 22, 15, 30, 59);

describe('pastedFileName', () => {
  it('names a pasted file by the local date and time, with the extension of its type', () => {
    expect(pastedFileName('image/png', at)).toBe('pasted-2026-11-22-1530.png');
    expect(pastedFileName('image/jpeg', at)).toBe('pasted-2026-11-22-1530.jpg');
    expect(pastedFileName('image/svg+xml', at)).toBe('pasted-2026-11-22-1530.svg');
  });

  it('pads single-digit months, days, hours and minutes', () => {
    expect(pastedFileName('image/gif', new Date(2027, 0, 5, 7, 4))).toBe(
      'pasted-2027-01-05-0704.gif',
    );
  });
});

describe('extensionFor', () => {
  it.each([
    ['image/png', '', 'png'],
    ['image/webp', '', 'webp'],
    ['image/jpeg', '', 'jpg'],
    ['text/plain;charset=utf-8', '', 'txt'],
    ['application/pdf', '', 'pdf'],
    ['application/vnd.ms-excel', 'sheet.XLS', 'xls'],
    ['', 'image.heic', 'heic'],
    ['', '', 'bin'],
  ])('%s (name %j) gives .%s', (type, name, expected) => {
    expect(extensionFor(type, name)).toBe(expected);
  });
});

describe('hasUsefulName', () => {
  it.each([
    ['image.png', false],
    ['IMAGE.JPG', false],
    ['blob', false],
    ['', false],
    ['  ', false],
    ['holiday.png', true],
    ['image of the cat.png', true],
    ['report.pdf', true],
  ])('%j → %s', (name, useful) => {
    expect(hasUsefulName(new File(['x'], name))).toBe(useful);
  });
});

describe('namePastedFiles', () => {
  it('renames only the files whose name says nothing, keeping bytes, type and date', () => {
    const screenshot = new File(['png bytes'], 'image.png', {
      type: 'image/png',
      lastModified: 1234,
    });
    const document = new File(['pdf'], 'report.pdf', { type: 'application/pdf' });
    const [renamed, kept] = namePastedFiles([screenshot, document], at);
    expect(renamed!.name).toBe('pasted-2026-11-22-1530.png');
    expect(renamed!.type).toBe('image/png');
    expect(renamed!.size).toBe(screenshot.size);
    expect(renamed!.lastModified).toBe(1234);
    expect(kept).toBe(document);
  });

  it('numbers the second and later unnamed files of one paste', () => {
    const files = ['image/png', 'image/png', 'image/jpeg'].map(
      (type) => new File(['x'], 'image.png', { type }),
    );
    expect(namePastedFiles(files, at).map((file) => file.name)).toEqual([
      'pasted-2026-11-22-1530.png',
      'pasted-2026-11-22-1530-2.png',
      'pasted-2026-11-22-1530-3.jpg',
    ]);
  });
});

describe('allImages', () => {
  const image = new File(['x'], 'a.png', { type: 'image/png' });
  const pdf = new File(['x'], 'a.pdf', { type: 'application/pdf' });
  it.each([
    [[image], true],
    [[image, image], true],
    [[pdf], false],
    [[image, pdf], false],
    [[], false],
  ])('%#: %s', (files, images) => {
    expect(allImages(files)).toBe(images);
  });
});
