import { encryptedSize } from '@codedrop/crypto';

/** Where one file's encrypted stream sits in a submission's stored bytes (`end` exclusive). */
export interface StoredRange {
  start: number;
  end: number;
}

/**
 * A submission stores its files' encrypted streams back to back, in the order of its sealed
 * metadata, so each file's place follows from the plaintext sizes alone: the asker fetches
 * one file as one byte range.
 */
export function storedRanges(files: readonly { size: number }[]): StoredRange[] {
  let start = 0;
  return files.map((file) => {
    const end = start + encryptedSize(file.size);
    const range = { start, end };
    start = end;
    return range;
  });
}

/** The stored size of a submission's files: what its upload declares as Upload-Length. */
export function storedTotal(files: readonly { size: number }[]): number {
  return files.reduce((sum, file) => sum + encryptedSize(file.size), 0);
}
