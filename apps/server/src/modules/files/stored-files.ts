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

/** The columns a share's files are read from (see migration 0010). */
export interface FileColumns {
  file_name: string | null;
  file_size: number | string | null;
  file_mime: string | null;
  blob_key: string | null;
  files: string | null;
  file_sha256?: string | null;
}

/**
 * Every file of a share, in upload order: the `files` list when there are several, else
 * the one file in the row's own columns; [] for a text share (no blob).
 */
export function storedFilesOf(row: FileColumns): StoredFile[] {
  if (row.files !== null) return JSON.parse(row.files) as StoredFile[];
  if (row.blob_key === null) return [];
  return [
    {
      key: row.blob_key,
      name: row.file_name ?? 'download',
      size: Number(row.file_size ?? 0),
      mime: row.file_mime ?? 'application/octet-stream',
      sha256: row.file_sha256 ?? null,
    },
  ];
}

/** The row's file columns for these files: the first in its own columns, several as JSON. */
export function fileColumnsFor(files: readonly StoredFile[]) {
  const [first] = files;
  if (first === undefined) throw new RangeError('a file share has at least one file');
  return {
    file_name: first.name,
    file_size: files.reduce((total, file) => total + file.size, 0),
    file_mime: first.mime,
    blob_key: first.key,
    file_sha256: first.sha256 ?? null,
    files:
      files.length === 1
        ? null
        : JSON.stringify(
            files.map(({ key, name, size, mime, sha256 }) => ({ key, name, size, mime, sha256 })),
          ),
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
