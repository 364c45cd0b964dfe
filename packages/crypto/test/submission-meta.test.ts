import { describe, expect, it } from 'vitest';
import { isDecryptionError } from '../src/index.js';
import { utf8 } from '../src/bytes.js';
import { deserializeSubmissionMeta, serializeSubmissionMeta } from '../src/submission-meta.js';

const file = { name: 'a.txt', type: 'text/plain', size: 3 };

/** The parsed metadata, or the DecryptionError's code. */
function read(json: string): unknown {
  try {
    return deserializeSubmissionMeta(utf8(json));
  } catch (error) {
    if (isDecryptionError(error)) return error.code;
    throw error;
  }
}

describe('submission metadata', () => {
  it('is written with fixed keys in a fixed order', () => {
    const caller = { size: 3, type: 'text/plain', name: 'a.txt', extra: true };
    expect(new TextDecoder().decode(serializeSubmissionMeta({ text: 'hi', files: [caller] }))).toBe(
      '{"files":[{"name":"a.txt","type":"text/plain","size":3}],"text":"hi"}',
    );
  });

  it('cleans file names once decrypted, as any other name', () => {
    const name = 'invoice\u202etxt.exe';
    expect(read(JSON.stringify({ files: [{ ...file, name }] }))).toEqual({
      files: [{ ...file, name: 'invoicetxt.exe' }],
    });
    expect(read(JSON.stringify({ files: [{ ...file, name: '\u200b' }] }))).toEqual({
      files: [{ ...file, name: 'download' }],
    });
  });

  it('is read strictly', () => {
    const cases = {
      'files and a text': JSON.stringify({ files: [file], text: 'hi' }),
      'a text alone': JSON.stringify({ files: [], text: 'hi' }),
      'not JSON': '{"files":',
      'not an object': JSON.stringify([file]),
      'no files field': JSON.stringify({ text: 'hi' }),
      'files not a list': JSON.stringify({ files: file }),
      'an extra field': JSON.stringify({ files: [file], note: 'x' }),
      'an extra file field': JSON.stringify({ files: [{ ...file, path: '/etc' }] }),
      'a file without a size': JSON.stringify({ files: [{ name: 'a', type: '' }] }),
      'a size as text': JSON.stringify({ files: [{ ...file, size: '3' }] }),
      'a negative size': JSON.stringify({ files: [{ ...file, size: -1 }] }),
      'a name that is not text': JSON.stringify({ files: [{ ...file, name: 1 }] }),
      'no file and no text': JSON.stringify({ files: [] }),
      'an empty text': JSON.stringify({ files: [file], text: '' }),
      'a text that is not text': JSON.stringify({ files: [], text: 1 }),
      'a text over the limit': JSON.stringify({ files: [], text: 'a'.repeat(100_001) }),
      'too many files': JSON.stringify({ files: Array.from({ length: 1_001 }, () => file) }),
    };
    const results = Object.fromEntries(
      Object.entries(cases).map(([name, json]) => [name, read(json)]),
    );
    expect(results).toEqual({
      'files and a text': { files: [file], text: 'hi' },
      'a text alone': { files: [], text: 'hi' },
      'not JSON': 'malformed',
      'not an object': 'malformed',
      'no files field': 'malformed',
      'files not a list': 'malformed',
      'an extra field': 'malformed',
      'an extra file field': 'malformed',
      'a file without a size': 'malformed',
      'a size as text': 'malformed',
      'a negative size': 'malformed',
      'a name that is not text': 'malformed',
      'no file and no text': 'malformed',
      'an empty text': 'malformed',
      'a text that is not text': 'malformed',
      'a text over the limit': 'malformed',
      'too many files': 'malformed',
    });
  });

  it('refuses invalid UTF-8', () => {
    expect(() => deserializeSubmissionMeta(new Uint8Array([0x7b, 0xff, 0x7d]))).toThrow(
      expect.objectContaining({ code: 'malformed' }),
    );
  });
});
