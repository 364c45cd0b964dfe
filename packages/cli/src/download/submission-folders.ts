import type { SubmissionMeta } from '@codedrop/crypto';
import { safeFileName, uniqueNames } from './safe-names.js';

/** Where a submission's text is saved, beside its files. */
export const textFileName = 'text.txt';

/**
 * "2026-11-27T18:40:12.345Z" and id "abcd1234…" → "2026-11-27T18-40-12Z-abcd1234": sorts by
 * time, has no character any file system refuses, and stays apart from a submission that
 * came in the same second.
 */
export function submissionFolderName(submission: { id: string; createdAt: string }): string {
  const when = new Date(submission.createdAt).toISOString().replace(/\.\d+Z$/, 'Z');
  return `${when.replace(/:/g, '-')}-${submission.id.slice(0, 8)}`;
}

/**
 * The names a submission's text and files are saved under in its folder, text first (so it
 * is always text.txt), then each file's cleaned name, made unique: names are the sender's.
 */
export function submissionFileNames(meta: SubmissionMeta): { text?: string; files: string[] } {
  const hasText = meta.text !== undefined;
  const names = uniqueNames([
    ...(hasText ? [textFileName] : []),
    ...meta.files.map((file) => safeFileName(file.name)),
  ]);
  return hasText ? { text: names[0]!, files: names.slice(1) } : { files: names };
}
