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
