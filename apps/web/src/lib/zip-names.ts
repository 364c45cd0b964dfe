import { cleanFileName } from '@codedrop/contract';

/** The archive "Download all" saves: codedrop-{code}.zip. */
export function zipFileName(code: string): string {
  return `codedrop-${code}.zip`;
}

/**
 * Characters a name inside a ZIP must not carry: slashes would make folders (or climb out
 * of the one it is extracted to, "../x"), and Windows refuses <>:"|?* in file names.
 */
const unsafeInEntry = /[/\\<>:"|?*]/g;
const maxNameChars = 255;

/** A name that extracts as one plain file, on any system. */
function entryName(raw: string): string {
  // Windows drops trailing dots and spaces; "." and ".." are not files at all.
  const cleaned = cleanFileName(raw)
    .replace(unsafeInEntry, '_')
    .replace(/[. ]+$/, '');
  return cleaned === '' ? 'file' : cleaned;
}

/** "report.pdf" → ["report", ".pdf"]; "backup.tar.gz" keeps ".tar.gz"; ".env" has none. */
function splitExtension(name: string): [stem: string, extension: string] {
  const match = /(\.tar)?\.[^.\s]{1,10}$/i.exec(name);
  if (match === null || match.index === 0) return [name, ''];
  return [name.slice(0, match.index), name.slice(match.index)];
}

function capped(stem: string, suffix: string): string {
  const room = maxNameChars - Array.from(suffix).length;
  return Array.from(stem).slice(0, Math.max(1, room)).join('') + suffix;
}

/**
 * The names of a share's files inside its ZIP, in the same order: cleaned, and unique
 * without regard to case (Windows and macOS would overwrite "A.txt" with "a.txt"), the
 * later ones numbered like a download manager does: "a.txt", "a (2).txt", "a (3).txt".
 */
export function zipEntryNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = entryName(raw);
    const [stem, extension] = splitExtension(name);
    let candidate = capped(stem, extension);
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      candidate = capped(stem, ` (${n})${extension}`);
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
