import { codePointLength } from './text-rules.js';

/** What encrypted file shares store as their name: the real one is in the ciphertext. */
export const encryptedFileName = 'encrypted_file';
const maxNameChars = 255;

/**
 * The uploader's file name as shown back to people: control characters removed, trimmed,
 * capped at 255 characters. It is never used as a path (blob keys are generated) and is
 * encoded safely when it becomes a Content-Disposition header.
 */
export function cleanFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const cleaned = raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  if (codePointLength(cleaned) <= maxNameChars) return cleaned;
  return Array.from(cleaned).slice(0, maxNameChars).join('');
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
