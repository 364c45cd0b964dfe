import type { I18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { formatBytesCompactIn, formatBytesIn } from './i18n/format-numbers';
import { productMessages } from './i18n/product-messages';

/** The server's limits on one share's files (GET /api/config). */
export interface FileLimits {
  /** Bounds the total of all files, not each one. */
  maxFileBytes: number;
  maxFilesPerShare: number;
}

/** Why a selection cannot be uploaded, in the page's words (and language). */
export interface SelectionProblem {
  kind: 'too-large' | 'too-many';
  /** The toast's title, when the detail needs one. */
  title?: string;
  detail: string;
}

export interface SelectionChange {
  files: File[];
  /** Set when the added files were refused; the list is then unchanged. */
  problem: SelectionProblem | null;
}

/**
 * The very same file picked again: the same name, size and modification time. Two
 * different files rarely agree on all three, and when they do, adding one is harmless.
 */
export function isSameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

export function totalBytes(files: readonly File[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

/**
 * What stops `files` from being one share, checked before a single byte is sent: the
 * count first (it is the plainer message), then the total size. One file keeps the
 * single-file message it always had.
 */
export function selectionProblem(
  files: readonly File[],
  limits: FileLimits,
  i18n: I18n,
): SelectionProblem | null {
  const messages = productMessages(i18n);
  if (files.length > limits.maxFilesPerShare) {
    return { kind: 'too-many', detail: messages.tooManyFiles(limits.maxFilesPerShare) };
  }
  if (totalBytes(files) > limits.maxFileBytes) {
    const limit = formatBytesCompactIn(i18n.locale, limits.maxFileBytes);
    return {
      kind: 'too-large',
      title: messages.fileTooLargeTitle,
      detail:
        files.length === 1
          ? messages.fileTooLargeDetail(limit)
          : messages.filesTooLargeDetail(limit),
    };
  }
  return null;
}

/**
 * `current` with `added` appended in their order, leaving out any file already in the
 * list (or twice in `added`). A batch that would break a limit is refused whole, so the
 * list never holds some arbitrary part of what was picked.
 */
export function addFiles(
  current: readonly File[],
  added: readonly File[],
  limits: FileLimits,
  i18n: I18n,
): SelectionChange {
  const next = [...current];
  for (const file of added) {
    if (!next.some((kept) => isSameFile(kept, file))) next.push(file);
  }
  const problem = selectionProblem(next, limits, i18n);
  return problem ? { files: [...current], problem } : { files: next, problem: null };
}

export function removeFileAt(current: readonly File[], index: number): File[] {
  return current.filter((_, at) => at !== index);
}

/** "3 files · 1.2 MB total". */
export function describeTotal(files: readonly File[], i18n: I18n): string {
  const count = files.length;
  const size = formatBytesIn(i18n.locale, totalBytes(files));
  return t(i18n)`${plural(count, { one: '# file', other: '# files' })} · ${size} total`;
}
