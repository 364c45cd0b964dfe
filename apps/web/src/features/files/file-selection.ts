import { formatBytes, formatBytesCompact, messages } from '@codedrop/contract';

/** The server's limits on one share's files (GET /api/config). */
export interface FileLimits {
  /** Bounds the total of all files, not each one. */
  maxFileBytes: number;
  maxFilesPerShare: number;
}

/** Why a selection cannot be uploaded, in the page's words. */
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
): SelectionProblem | null {
  if (files.length > limits.maxFilesPerShare) {
    return { kind: 'too-many', detail: messages.tooManyFiles(limits.maxFilesPerShare) };
  }
  if (totalBytes(files) > limits.maxFileBytes) {
    const limit = formatBytesCompact(limits.maxFileBytes);
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
): SelectionChange {
  const next = [...current];
  for (const file of added) {
    if (!next.some((kept) => isSameFile(kept, file))) next.push(file);
  }
  const problem = selectionProblem(next, limits);
  return problem ? { files: [...current], problem } : { files: next, problem: null };
}

export function removeFileAt(current: readonly File[], index: number): File[] {
  return current.filter((_, at) => at !== index);
}

/** "3 files · 1.2 MB total". */
export function describeTotal(files: readonly File[]): string {
  const count = `${files.length} ${files.length === 1 ? 'file' : 'files'}`;
  return `${count} · ${formatBytes(totalBytes(files))} total`;
}
