import { cleanFileName, codePointLength } from '@codedrop/contract';
import { fromUtf8, utf8 } from './bytes.js';
import type { FileMeta } from './file-meta.js';
import { exactRecord, jsonValue, malformed, stringField } from './strict-json.js';

/** What a sender submits besides the file bytes: the files' metadata and an optional text. */
export interface SubmissionMeta {
  /** In upload order; empty when only a text is sent. */
  files: FileMeta[];
  text?: string;
}

/** Longest text one submission may carry, in code points, as a text share's default limit. */
export const MAX_SUBMISSION_TEXT_CHARS = 100_000;
/** Most files one submission may list; past it the metadata is malformed. */
const maxFiles = 1_000;

function checkedEntry(meta: FileMeta): FileMeta {
  if (typeof meta.name !== 'string' || typeof meta.type !== 'string') {
    throw new RangeError('name and type must be strings');
  }
  if (!Number.isSafeInteger(meta.size) || meta.size < 0) {
    throw new RangeError('size must be a non-negative integer');
  }
  // Fixed key order, whatever the caller's object holds.
  return { name: meta.name, type: meta.type, size: meta.size };
}

/** UTF-8 JSON `{"files":[…]}` with `"text"` after it when there is one; an empty text is left out. */
export function serializeSubmissionMeta(meta: SubmissionMeta): Uint8Array<ArrayBuffer> {
  const files = meta.files.map(checkedEntry);
  const text = meta.text === '' ? undefined : meta.text;
  if (files.length > maxFiles)
    throw new RangeError(`a submission carries at most ${maxFiles} files`);
  if (files.length === 0 && text === undefined) {
    throw new RangeError('a submission carries at least a file or a text');
  }
  if (text !== undefined && codePointLength(text) > MAX_SUBMISSION_TEXT_CHARS) {
    throw new RangeError(`the text is longer than ${MAX_SUBMISSION_TEXT_CHARS} characters`);
  }
  return utf8(JSON.stringify(text === undefined ? { files } : { files, text }));
}

function parseEntry(value: unknown): FileMeta {
  const fields = exactRecord(value, ['name', 'type', 'size'], 'file metadata');
  const { size } = fields;
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
    throw malformed('file size must be a non-negative integer');
  }
  // The name is the sender's: it is shown and saved under, so it is cleaned like any name.
  const name = cleanFileName(stringField(fields.name, 'file name')) || 'download';
  return { name, type: stringField(fields.type, 'file type'), size };
}

/** @throws {DecryptionError} `malformed` for anything {@link serializeSubmissionMeta} cannot write. */
export function deserializeSubmissionMeta(plaintext: Uint8Array): SubmissionMeta {
  const fields = exactRecord(
    jsonValue(fromUtf8(plaintext), 'Submission metadata'),
    ['files'],
    'submission metadata',
    ['text'],
  );
  if (!Array.isArray(fields.files) || fields.files.length > maxFiles) {
    throw malformed(`files must be a list of at most ${maxFiles}`);
  }
  const files = fields.files.map(parseEntry);
  if (!Object.hasOwn(fields, 'text')) {
    if (files.length === 0) throw malformed('A submission carries at least a file or a text');
    return { files };
  }
  const text = stringField(fields.text, 'text');
  if (text.length === 0 || codePointLength(text) > MAX_SUBMISSION_TEXT_CHARS) {
    throw malformed(`text must hold 1 to ${MAX_SUBMISSION_TEXT_CHARS} characters`);
  }
  return { files, text };
}
