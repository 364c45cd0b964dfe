import {
  isPreviewableText,
  maxTextPreviewBytes,
  sniffHeadBytes,
  sniffMedia,
  type MediaKind,
} from './sniff-type';

/** What a preview shows: text as a string, anything else as a Blob of the sniffed type. */
export type PreviewContent =
  { kind: 'text'; text: string } | { kind: MediaKind; blob: Blob; mime: string };

/** A preview panel's content, or why there is none, in the page's words. */
export type PreviewResult = { ok: true; content: PreviewContent } | { ok: false; message: string };

function joined(parts: readonly Uint8Array[], length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    if (at >= length) break;
    const take = part.subarray(0, length - at);
    out.set(take, at);
    at += take.length;
  }
  return out;
}

/**
 * Reads a file's bytes (as they reach the visitor: fetched, or decrypted) and decides from
 * them what to show: a media kind the bytes prove, else UTF-8 text, else nothing (null).
 * The Blob is typed with the sniffed type, never the declared one, so a blob: URL of it can
 * only be what the page checked. Rejects when the stream errors (a network or decryption
 * failure); the caller keeps the size within the preview caps.
 */
export async function readPreview(
  stream: ReadableStream<Uint8Array>,
): Promise<PreviewContent | null> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value as Uint8Array<ArrayBuffer>);
    length += value.length;
  }
  const media = sniffMedia(joined(parts, Math.min(length, sniffHeadBytes)));
  if (media !== null) return { ...media, blob: new Blob(parts, { type: media.mime }) };
  if (length > maxTextPreviewBytes) return null;
  const bytes = joined(parts, length);
  if (!isPreviewableText(bytes)) return null;
  return { kind: 'text', text: new TextDecoder('utf-8').decode(bytes) };
}
