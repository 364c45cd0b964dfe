/**
 * The files a drop or a paste carries. Items are read first: they say which entries are
 * folders, which a browser also lists among the files but which cannot be read (an upload
 * of one would fail halfway). Some browsers fill only `files`, so it is the fallback.
 */
export function filesFromTransfer(data: DataTransfer | null | undefined): File[] {
  if (!data) return [];
  const fileItems = Array.from(data.items ?? []).filter((item) => item.kind === 'file');
  if (fileItems.length === 0) return Array.from(data.files ?? []);
  return fileItems.flatMap((item) => {
    if (item.webkitGetAsEntry?.()?.isDirectory) return [];
    const file = item.getAsFile();
    return file ? [file] : [];
  });
}

/** Whether a clipboard carries plain text besides any files (a copied file's name, a table). */
export function carriesText(data: DataTransfer | null | undefined): boolean {
  return (data?.getData('text/plain') ?? '') !== '';
}

const nonTextInputs = new Set(['button', 'checkbox', 'color', 'file', 'radio', 'range', 'submit']);

/** Whether a paste into `target` would type into a text field. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !nonTextInputs.has(target.type);
}
