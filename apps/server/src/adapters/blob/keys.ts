import { randomBytes } from 'node:crypto';

const KEY_PATTERN = /^([0-9]{1,15})-[0-9a-f]{16}(?:\.[a-z0-9]{1,10})?$/;
const EXTENSION_PATTERN = /^\.[a-z0-9]{1,10}$/;

/**
 * A fresh object name: `${now}-${16 random hex}${ext}`. Only a short alphanumeric extension
 * of the original name survives, so no user-controlled text ever becomes part of a path.
 * Pass `null` for encrypted files, whose name is secret.
 */
export function newBlobKey(originalName: string | null, now = Date.now()): string {
  return `${Math.trunc(now)}-${randomBytes(8).toString('hex')}${extensionOf(originalName)}`;
}

/** True for names `newBlobKey` can produce; adapters refuse every other key. */
export function isBlobKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The creation time (ms since the epoch) encoded in a blob key, or null for any other name. */
export function blobKeyTimestamp(key: string): number | null {
  const match = KEY_PATTERN.exec(key);
  return match ? Number(match[1]) : null;
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
