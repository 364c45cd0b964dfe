import { describe, expect, it } from 'vitest';
import { englishI18n } from '../test-support/english';
import {
  addFiles,
  describeTotal,
  isSameFile,
  removeFileAt,
  selectionProblem,
  totalBytes,
} from './file-selection';

const limits = { maxFileBytes: 1_000, maxFilesPerShare: 3 };
const file = (name: string, size: number, lastModified = 1) =>
  new File([new Uint8Array(size)], name, { lastModified });

describe('isSameFile', () => {
  it('matches on name, size and modification time together', () => {
    expect(isSameFile(file('a.txt', 5), file('a.txt', 5))).toBe(true);
    expect(isSameFile(file('a.txt', 5), file('b.txt', 5))).toBe(false);
    expect(isSameFile(file('a.txt', 5), file('a.txt', 6))).toBe(false);
    expect(isSameFile(file('a.txt', 5, 1), file('a.txt', 5, 2))).toBe(false);
  });
});

describe('addFiles', () => {
  it('appends the picked files in order', () => {
    const a = file('a.pdf', 10);
    const b = file('b.png', 20);
    const c = file('c.txt', 30);
    const first = addFiles([], [a, b], limits, englishI18n);
    expect(first).toEqual({ files: [a, b], problem: null });
    expect(addFiles(first.files, [c], limits, englishI18n)).toEqual({
      files: [a, b, c],
      problem: null,
    });
  });

  it('leaves out a file picked again, and a file twice in one pick', () => {
    const a = file('a.pdf', 10);
    const b = file('b.png', 20);
    expect(
      addFiles([a], [file('a.pdf', 10), b, file('b.png', 20)], limits, englishI18n).files,
    ).toEqual([a, b]);
  });

  it('keeps a different file of the same name', () => {
    const a = file('a.pdf', 10);
    const other = file('a.pdf', 11);
    expect(addFiles([a], [other], limits, englishI18n).files).toEqual([a, other]);
  });

  it('refuses a pick that would pass the count, keeping the list as it was', () => {
    const kept = [file('a', 1), file('b', 1)];
    const change = addFiles(kept, [file('c', 1), file('d', 1)], limits, englishI18n);
    expect(change.files).toEqual(kept);
    expect(change.problem).toEqual({
      kind: 'too-many',
      detail: 'You can share up to 3 files at once',
    });
  });

  it('counts only new files towards the limit', () => {
    const kept = [file('a', 1), file('b', 1), file('c', 1)];
    expect(addFiles(kept, [file('a', 1)], limits, englishI18n)).toEqual({
      files: kept,
      problem: null,
    });
  });

  it('refuses a pick that would pass the total size', () => {
    const kept = [file('a', 600)];
    const change = addFiles(kept, [file('b', 401)], limits, englishI18n);
    expect(change.files).toEqual(kept);
    expect(change.problem).toMatchObject({
      kind: 'too-large',
      title: 'File too large',
      detail: 'Please select files smaller than 1000Bytes in total',
    });
  });

  it('takes exactly the limits', () => {
    const change = addFiles(
      [],
      [file('a', 500), file('b', 300), file('c', 200)],
      limits,
      englishI18n,
    );
    expect(change.problem).toBeNull();
    expect(change.files).toHaveLength(3);
  });
});

describe('selectionProblem', () => {
  it('says "a file" for one file and "files … in total" for several', () => {
    const real = { maxFileBytes: 50 * 1024 * 1024, maxFilesPerShare: 20 };
    const big = { name: 'big.bin', size: 50 * 1024 * 1024 + 1, lastModified: 1 } as File;
    expect(selectionProblem([big], real, englishI18n)?.detail).toBe(
      'Please select a file smaller than 50MB',
    );
    expect(selectionProblem([file('a', 1), big], real, englishI18n)?.detail).toBe(
      'Please select files smaller than 50MB in total',
    );
  });

  it('puts the count before the size', () => {
    const many = [file('a', 600), file('b', 600), file('c', 1), file('d', 1)];
    expect(selectionProblem(many, limits, englishI18n)?.kind).toBe('too-many');
  });

  it("has nothing against an empty list (that is the upload button's message)", () => {
    expect(selectionProblem([], limits, englishI18n)).toBeNull();
  });
});

describe('removeFileAt', () => {
  it('removes one file by its place, even with a twin elsewhere', () => {
    const a = file('a', 1);
    const b = file('b', 2);
    const c = file('c', 3);
    expect(removeFileAt([a, b, c], 1)).toEqual([a, c]);
    expect(removeFileAt([a, b, c], 5)).toEqual([a, b, c]);
  });
});

describe('totals', () => {
  it('adds the sizes and says them in words', () => {
    const files = [file('a', 1024 * 1024), file('b', 200 * 1024), file('c', 5)];
    expect(totalBytes(files)).toBe(1024 * 1024 + 200 * 1024 + 5);
    expect(describeTotal(files, englishI18n)).toBe('3 files · 1.2 MB total');
    expect(describeTotal([file('a', 5)], englishI18n)).toBe('1 file · 5 Bytes total');
    expect(totalBytes([])).toBe(0);
  });
});
