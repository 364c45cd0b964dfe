import { expect, test } from 'vitest';
import { submissionFileNames, submissionFolderName } from '../src/download/submission-folders.js';

test('a submission folder is named by its time (no colons) and the start of its id', () => {
  const name = submissionFolderName({
    id: 'abcd1234EFGH5678ijkl',
    createdAt: '2026-11-27T18:40:12.345Z',
  });
  expect(name).toBe('2026-11-27T18-40-12Z-abcd1234');
});

test('the text is always text.txt; a file of that name, or two of one name, are renumbered', () => {
  const names = submissionFileNames({
    text: 'hello',
    files: [
      { name: 'text.txt', type: 'text/plain', size: 1 },
      { name: '../../evil.sh', type: 'text/plain', size: 1 },
      { name: 'a.pdf', type: 'application/pdf', size: 1 },
      { name: 'A.pdf', type: 'application/pdf', size: 1 },
    ],
  });
  expect(names).toEqual({
    text: 'text.txt',
    files: ['text (2).txt', 'evil.sh', 'a.pdf', 'A (2).pdf'],
  });
});

test('without a text, no name is set aside for it', () => {
  const files = [{ name: 'text.txt', type: 'text/plain', size: 1 }];
  expect(submissionFileNames({ files })).toEqual({ files: ['text.txt'] });
});
