import { create as contentDisposition } from 'content-disposition';
import { cleanFileName } from '@codedrop/contract';

/** What encrypted file shares store as their name: the real one is in the ciphertext. */
export const encryptedFileName = 'encrypted_file';

/**
 * The name an uploaded file is stored under, the same for every door (multipart, tus
 * metadata, `PUT /{name}`): only its last path segment ("../../etc/passwd" is "passwd",
 * "C:\\a\\b.txt" is "b.txt"), cleaned by the rule the browser also applies to the names
 * it decrypts. Empty when nothing usable is left, which the doors refuse.
 */
export function cleanUploadName(raw: string): string {
  const segments = raw
    .split(/[/\\]/)
    .map(cleanFileName)
    .filter((segment) => segment !== '' && !/^\.+$/.test(segment));
  return segments.at(-1) ?? '';
}

/**
 * Browsers percent-escape `"`, CR and LF in multipart filenames (HTML's form-data
 * encoding) and send everything else as raw UTF-8; undo just those three escapes.
 */
export function decodeFormDataFileName(raw: string): string {
  return raw.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

const mimePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** The declared type if it is a well-formed MIME type, else application/octet-stream. */
export function cleanMimeType(raw: string | undefined): string {
  const type = (raw ?? '').split(';')[0]!.trim().toLowerCase();
  return mimePattern.test(type) ? type : 'application/octet-stream';
}

/**
 * The type every stored file is served with, whatever its uploader declared: bytes that
 * are only ever data cannot run as a script or a page of the site, even if something ever
 * included them by URL. Previews sniff the bytes themselves, so they need no declared type.
 */
export const servedFileType = 'application/octet-stream';

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
