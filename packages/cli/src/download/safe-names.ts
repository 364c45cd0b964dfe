import { cleanFileName } from '@codedrop/contract';

const fallbackName = 'download';

/**
 * A file name from a share, made safe to create in a folder: names are the uploader's (or,
 * in encrypted shares, whatever the metadata says), so they may try to climb out of the
 * folder ("../../.bashrc"), name a device path, or hide characters. Only the last usable
 * path segment survives, with controls and direction overrides removed.
 */
export function safeFileName(raw: string): string {
  const segments = cleanFileName(raw)
    .split(/[/\\]+/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && !/^\.+$/.test(segment));
  const name = segments.at(-1) ?? '';
  // Windows would read "C:" or "name:stream" as a drive or an alternate data stream.
  const portable = process.platform === 'win32' ? name.replace(/[<>:"|?*]/g, '_') : name;
  return portable === '' ? fallbackName : portable;
}

/** "a.txt", "a.txt" → "a.txt", "a (2).txt": two files of a bundle never land on one path. */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      candidate = `${stem} (${n})${extension}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
