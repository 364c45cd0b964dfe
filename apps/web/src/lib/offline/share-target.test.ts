// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  sharedFiles,
  sharedText,
  stashedContent,
  stashedShare,
  toolForShare,
} from './share-target';

const form = (fields: Record<string, string>, files: File[] = []) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  for (const file of files) data.append('files', file, file.name);
  return data;
};

describe('what a share sheet hands over', () => {
  it('joins title, text and URL, each once', () => {
    expect(sharedText(form({ title: 'Plan', text: 'Meet at 7', url: 'https://a.example/' }))).toBe(
      'Plan\nMeet at 7\nhttps://a.example/',
    );
    // Apps often repeat the URL in the text, or begin the text with the title.
    expect(sharedText(form({ text: 'Look: https://a.example/', url: 'https://a.example/' }))).toBe(
      'Look: https://a.example/',
    );
    expect(sharedText(form({ title: 'News', text: 'News of the day' }))).toBe('News of the day');
    expect(sharedText(form({ title: '  ', text: '', url: '' }))).toBe('');
    expect(sharedText(new FormData())).toBe('');
  });

  it('keeps files, not the empty part of a form with none chosen', () => {
    const empty = form({});
    empty.append('files', new File([], ''));
    expect(sharedFiles(empty)).toEqual([]);
    const two = sharedFiles(form({}, [new File(['a'], 'a.txt'), new File(['bb'], 'b.txt')]));
    expect(two.map((file) => file.name)).toEqual(['a.txt', 'b.txt']);
  });

  it('sends files to the file tool and anything else to the clipboard', () => {
    expect(toolForShare({ text: 'x', files: [new File(['a'], 'a.txt')] })).toBe('/file-share');
    expect(toolForShare({ text: 'x', files: [] })).toBe('/clipboard');
    expect(toolForShare({ text: '', files: [] })).toBe('/clipboard');
  });

  it('waits as a multipart body that gives back the files with their names and types', async () => {
    const stashed = stashedShare({
      text: 'hello\nworld',
      files: [
        new File(['one'], 'one.txt', { type: 'text/plain' }),
        new File(['{}'], 'b.json', { type: 'application/json' }),
      ],
    });
    const { text, files } = await stashedContent(stashed);
    expect(text).toBe('hello\nworld');
    expect(files.map((file) => [file.name, file.type])).toEqual([
      ['one.txt', 'text/plain'],
      ['b.json', 'application/json'],
    ]);
    expect(await files[0]!.text()).toBe('one');
  });
});
