import type { FileEntry } from '@codedrop/contract';

/** One stored file of a file share: its blob and what it is served as. */
export interface StoredFile {
  key: string;
  name: string;
  size: number;
  mime: string;
  /** SHA-256 (hex) of the stored bytes, computed while they streamed in; absent before 0012. */
  sha256?: string | null;
}

/** The column a share's files are read from (migration 0016); null for a text share. */
export interface FileColumns {
  files: string | null;
}

/** Every file of a share, in upload order (a single file is a list of one); [] for text. */
export function storedFilesOf(row: FileColumns): StoredFile[] {
  return row.files === null ? [] : (JSON.parse(row.files) as StoredFile[]);
}

/** The `files` column for these files: JSON `[{key, name, size, mime, sha256?}]`. */
export function filesJson(files: readonly StoredFile[]): string {
  return JSON.stringify(
    files.map(({ key, name, size, mime, sha256 }) => ({ key, name, size, mime, sha256 })),
  );
}

/** The row's file columns for a new share of these files: the list and their total. */
export function fileColumnsFor(files: readonly StoredFile[]) {
  if (files.length === 0) throw new RangeError('a file share has at least one file');
  return {
    files: filesJson(files),
    total_bytes: files.reduce((total, file) => total + file.size, 0),
  };
}

/**
 * What the API says about each file. An encrypted share's names and types are secret (they
 * are in its sealed metadata): only the stored sizes are told.
 */
export function fileEntries(files: readonly StoredFile[], encrypted: boolean): FileEntry[] {
  return files.map((file) =>
    encrypted ? { size: file.size } : { name: file.name, size: file.size, type: file.mime },
  );
}
