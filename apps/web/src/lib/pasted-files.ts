/**
 * Names for files that arrive by paste. A screenshot or a copied image comes off the
 * clipboard as "image.png" (Chromium, Firefox) or with no name at all; several such files
 * would all share one meaningless name, so they get a dated one instead.
 */

/** Names browsers give clipboard images, which say nothing about the file. */
const placeholderName = /^(image|blob|untitled)(\.[a-z0-9]+)?$/i;

/** The usual extension of the types that arrive by paste, where the subtype is not it. */
const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'application/octet-stream': 'bin',
};

/** "png" for image/png; a subtype that is not a plain short word falls back to the name's own. */
export function extensionFor(type: string, name = ''): string {
  const mime = type.split(';')[0]!.trim().toLowerCase();
  const known = extensions[mime];
  if (known) return known;
  const subtype = mime.split('/')[1] ?? '';
  if (/^[a-z0-9]{1,5}$/.test(subtype)) return subtype;
  const own = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1];
  return own ? own.toLowerCase() : 'bin';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "pasted-2026-11-22-1530.png": the local date and time of the paste, the type's extension. */
export function pastedFileName(type: string, now: Date, originalName = ''): string {
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}`;
  return `pasted-${day}-${time}.${extensionFor(type, originalName)}`;
}

/** Whether a pasted file's name is worth keeping (a copied document's is; a screenshot's not). */
export function hasUsefulName(file: File): boolean {
  return file.name.trim() !== '' && !placeholderName.test(file.name.trim());
}

/**
 * The pasted files with a dated name wherever theirs says nothing; the second and later
 * such files of one paste get "-2", "-3", … so that no two read the same. The bytes are
 * not copied: a renamed File wraps the same Blob.
 */
export function namePastedFiles(files: readonly File[], now = new Date()): File[] {
  let unnamed = 0;
  return files.map((file) => {
    if (hasUsefulName(file)) return file;
    unnamed += 1;
    const name = pastedFileName(file.type, now, file.name);
    const numbered = unnamed === 1 ? name : name.replace(/(\.[^.]+)$/, `-${unnamed}$1`);
    return new File([file], numbered, { type: file.type, lastModified: file.lastModified });
  });
}

/** Whether a paste brought only images: the page then speaks of images rather than files. */
export function allImages(files: readonly File[]): boolean {
  return files.length > 0 && files.every((file) => file.type.startsWith('image/'));
}
