/**
 * The Web Share Target (public/manifest.webmanifest): a phone's share sheet POSTs what was
 * shared to `shareTargetPath`; the service worker (src/sw/) keeps it in a cache and sends
 * the browser on to the right tool with `?shared=1`, where the page takes it.
 */
export const shareTargetPath = '/share-target';
export const sharedQuery = 'shared';
export const shareCacheName = 'codedrop-share-target';
/** The one waiting share: a newer one replaces it. */
export const pendingShareUrl = '/share-target/pending';

/** What a share sheet handed over, as the tools take it. */
export interface SharedContent {
  text: string;
  files: File[];
}

/** A text field as typed: multipart bodies carry line breaks as CRLF. */
const present = (value: FormDataEntryValue | null): string =>
  typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : '';

/**
 * The shared title, text and URL as one text, each once: apps often put the URL inside the
 * text too, or the title at its start.
 */
export function sharedText(form: FormData): string {
  const parts: string[] = [];
  for (const part of [
    present(form.get('title')),
    present(form.get('text')),
    present(form.get('url')),
  ]) {
    if (part === '' || parts.some((kept) => kept.includes(part))) continue;
    // A title the text begins with is said once, by the text.
    const index = parts.findIndex((kept) => part.includes(kept));
    if (index !== -1) parts.splice(index, 1);
    parts.push(part);
  }
  return parts.join('\n');
}

/** The shared files, without the empty part a form sends when no file was chosen. */
export function sharedFiles(form: FormData): File[] {
  return form
    .getAll('files')
    .filter((value): value is File => typeof value !== 'string' && value.name !== '');
}

/** The tool that takes this share: files go to the file tool, anything else is text. */
export function toolForShare(content: SharedContent): '/file-share' | '/clipboard' {
  return content.files.length > 0 ? '/file-share' : '/clipboard';
}

/** The share as it waits in the cache: a multipart body keeps files with names and types. */
export function stashedShare(content: SharedContent): Response {
  const form = new FormData();
  form.set('text', content.text);
  for (const file of content.files) form.append('files', file, file.name);
  return new Response(form);
}

/**
 * The waiting share, taken once: on a page opened with `?shared=1`, whatever the service
 * worker received. Null when there is none (another tab took it, or no service worker).
 */
export async function takeSharedContent(): Promise<SharedContent | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(shareCacheName);
  const stashed = await cache.match(pendingShareUrl);
  if (stashed === undefined) return null;
  await cache.delete(pendingShareUrl);
  return stashedContent(stashed);
}

/** The share back from its stashed body (stashedShare). */
export async function stashedContent(stashed: Response): Promise<SharedContent> {
  const form = await stashed.formData();
  return { text: present(form.get('text')), files: sharedFiles(form) };
}
