const maxNameChars = 255;
/**
 * Control characters, and the invisible direction controls that make a name display in
 * another order than it is ("invoice\u202Etxt.exe" shows as "invoiceexe.txt").
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const unsafeInName = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file name as it may be stored and shown: controls and direction overrides removed,
 * trimmed, at most 255 characters. Applied by the server to uploaded names and by the
 * browser to names it decrypts, so no name reaches a person that could mislead them.
 */
export function cleanFileName(raw: string): string {
  const cleaned = raw.replace(unsafeInName, '').trim();
  const chars = Array.from(cleaned);
  return chars.length <= maxNameChars ? cleaned : chars.slice(0, maxNameChars).join('');
}
