import { randomBytes } from 'node:crypto';

// `${ms}-${16 hex}`, then `-${n}` for the n-th further file of a share, then an extension.
const KEY_PATTERN = /^(([0-9]{1,15})-[0-9a-f]{16})(?:-([1-9][0-9]{0,2}))?(?:\.[a-z0-9]{1,10})?$/;
const EXTENSION_PATTERN = /^\.[a-z0-9]{1,10}$/;

/**
 * A fresh object name: `${now}-${16 random hex}${ext}`. Only a short alphanumeric extension
 * of the original name survives, so no user-controlled text ever becomes part of a path.
 * Pass `null` for encrypted files, whose name is secret.
 */
export function newBlobKey(originalName: string | null, now = Date.now()): string {
  return `${Math.trunc(now)}-${randomBytes(8).toString('hex')}${extensionOf(originalName)}`;
}

/**
 * The key of a share's `index`-th further file (1, 2, …), made from its first file's key:
 * a bundle's blobs share one random stem, so the orphan sweep can tell from a further
 * file's key which share would own it (see `bundleStem`).
 */
export function bundleBlobKey(firstKey: string, index: number, originalName: string | null) {
  const match = KEY_PATTERN.exec(firstKey);
  if (match === null || match[3] !== undefined) throw new RangeError('not a first file key');
  if (!Number.isInteger(index) || index < 1 || index > 999) throw new RangeError('bad index');
  return `${match[1]}-${index}${extensionOf(originalName)}`;
}

/**
 * For a further file's key, the stem its share's first key starts with (`${ms}-${hex}`);
 * null for a first (or only) file's key.
 */
export function bundleStem(key: string): string | null {
  const match = KEY_PATTERN.exec(key);
  return match !== null && match[3] !== undefined ? match[1]! : null;
}

/** True for names `newBlobKey` and `bundleBlobKey` can produce; adapters refuse every other key. */
export function isBlobKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The creation time (ms since the epoch) encoded in a blob key, or null for any other name. */
export function blobKeyTimestamp(key: string): number | null {
  const match = KEY_PATTERN.exec(key);
  return match ? Number(match[2]) : null;
}

export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new RangeError(`Invalid blob key: ${JSON.stringify(key)}`);
}

function extensionOf(originalName: string | null): string {
  if (originalName === null) return '';
  const base = originalName.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  // A leading dot marks a hidden file (".bashrc"), not an extension.
  if (dot <= 0) return '';
  const ext = base.slice(dot).toLowerCase();
  return EXTENSION_PATTERN.test(ext) ? ext : '';
}
