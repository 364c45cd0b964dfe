import { describe, expect, it } from 'vitest';
import { carriesText, filesFromTransfer, isTextEntry } from './transfer-files';

const file = (name: string) => new File(['x'], name);

/** The parts of a DataTransfer the function reads (jsdom has no DataTransfer). */
function transfer(
  items: { file: File; directory?: boolean }[] | null,
  files: File[] = [],
  text = '',
): DataTransfer {
  return {
    items: items?.map(({ file, directory }) => ({
      kind: 'file',
      getAsFile: () => file,
      webkitGetAsEntry: () => ({ isDirectory: directory === true }),
    })),
    files,
    getData: (type: string) => (type === 'text/plain' ? text : ''),
  } as unknown as DataTransfer;
}

describe('filesFromTransfer', () => {
  it('takes the files of the items, in order, leaving folders out', () => {
    const a = file('a.txt');
    const b = file('b.txt');
    const folder = file('photos');
    const data = transfer([{ file: a }, { file: folder, directory: true }, { file: b }]);
    expect(filesFromTransfer(data)).toEqual([a, b]);
  });

  it('falls back to the file list when there are no file items', () => {
    const a = file('a.txt');
    expect(filesFromTransfer(transfer(null, [a]))).toEqual([a]);
    expect(filesFromTransfer(transfer([], [a]))).toEqual([a]);
  });

  it('gives nothing for no transfer at all', () => {
    expect(filesFromTransfer(null)).toEqual([]);
  });
});

describe('carriesText', () => {
  it('tells whether the clipboard also holds plain text', () => {
    expect(carriesText(transfer([], [], 'name.txt'))).toBe(true);
    expect(carriesText(transfer([], []))).toBe(false);
    expect(carriesText(null)).toBe(false);
  });
});

describe('isTextEntry', () => {
  it('is true for fields that take typed text, false for anything else', () => {
    const input = (type: string) => Object.assign(document.createElement('input'), { type });
    expect(isTextEntry(input('text'))).toBe(true);
    expect(isTextEntry(input('password'))).toBe(true);
    expect(isTextEntry(input('number'))).toBe(true);
    expect(isTextEntry(document.createElement('textarea'))).toBe(true);
    expect(isTextEntry(input('file'))).toBe(false);
    expect(isTextEntry(input('checkbox'))).toBe(false);
    expect(isTextEntry(document.createElement('button'))).toBe(false);
    expect(isTextEntry(document.body)).toBe(false);
    expect(isTextEntry(null)).toBe(false);
  });
});
