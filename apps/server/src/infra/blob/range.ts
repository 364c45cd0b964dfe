import type { BlobRange } from './blob-store.js';

export function assertBlobRange(range: BlobRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid blob range: ${start}-${end}`);
  }
}

export function unsatisfiableRange(range: BlobRange, size: number): RangeError {
  return new RangeError(`Blob range ${range.start}-${range.end} starts past the end (${size})`);
}

/** True when an HTTP Content-Range answer is exactly the requested range (end clamped). */
export function contentRangeCovers(contentRange: string | undefined, range: BlobRange): boolean {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange ?? '');
  if (!match) return false;
  const [start, end, size] = match.slice(1).map(Number);
  return start === range.start && end === Math.min(range.end, (size ?? 0) - 1);
}
