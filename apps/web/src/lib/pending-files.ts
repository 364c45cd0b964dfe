/**
 * Files handed from one page to the file-share page, e.g. an image pasted on the clipboard
 * page and "Share as file". Features may not import each other, and a File cannot travel
 * in a URL or in history state that survives a reload, so it waits here, in memory, until
 * the file-share form takes it on mount. A reload in between simply loses it.
 */
let pending: File[] = [];

/** Leaves `files` for the file-share page, replacing anything left earlier and not taken. */
export function handOverFiles(files: readonly File[]): void {
  pending = [...files];
}

/** The files handed over, once: a second call (or a second form) gets none. */
export function takePendingFiles(): File[] {
  const taken = pending;
  pending = [];
  return taken;
}
