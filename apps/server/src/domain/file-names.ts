/** What encrypted file shares store as their name: the real one is in the ciphertext. */
export const encryptedFileName = 'encrypted_file';
// One rule for every name a person sees, shared with the browser (it cleans decrypted names).
export { cleanFileName } from '@codedrop/contract';

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
