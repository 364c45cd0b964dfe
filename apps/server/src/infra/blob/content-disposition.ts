import { create as contentDisposition } from 'content-disposition';

const fallbackName = 'download';
// C0/C1 controls, DEL, and the bidi overrides that can disguise "txt.exe" as "exe.txt".
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const unsafeChars = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const combiningMarks = /[\u0300-\u036f]/g;

/**
 * `Content-Disposition: attachment` for a user-supplied file name, written by the
 * `content-disposition` package: a plain ASCII name as `filename`; any other as RFC 8187
 * `filename*` (UTF-8) with an ASCII fallback in `filename` for old clients. The name is
 * made safe first: path separators never survive, so it cannot point outside the download
 * folder, and neither do controls or direction overrides.
 */
export function attachmentDisposition(fileName: string): string {
  const safe = safeDownloadName(fileName);
  const fallback = asciiFallback(safe);
  return contentDisposition(safe, fallback === safe ? undefined : { fallback });
}

function safeDownloadName(fileName: string): string {
  const cleaned = fileName
    // encodeURIComponent, under filename*, throws on a lone surrogate.
    .replace(loneSurrogate, '\ufffd')
    .replace(unsafeChars, '')
    .replace(/[/\\]/g, '_')
    .trim();
  return cleaned === '' ? fallbackName : cleaned;
}

/**
 * Accents dropped, anything else beyond ASCII as `_`, and `"` as `'`, which every client
 * reads alike whether or not it undoes a quoted string's `\"`.
 */
function asciiFallback(safe: string): string {
  const ascii = Array.from(safe.normalize('NFD').replace(combiningMarks, ''), (char) =>
    char <= '\u007e' ? char : '_',
  )
    .join('')
    .replace(/"/g, "'");
  return ascii.trim() === '' ? fallbackName : ascii;
}
