const maxNameChars = 255;
/**
 * Control characters, the invisible direction controls that make a name display in
 * another order than it is ("invoice\u202Etxt.exe" shows as "invoiceexe.txt"), and the
 * other characters that show as nothing (zero-width spaces, word joiners, soft hyphens,
 * fillers, a byte order mark, the tag characters that can hide text), which make two
 * names look alike. The zero-width joiner and non-joiner stay: emoji and scripts need them.
 * Marks that combine with a neighbour (U+034F, U+1160, U+17B4/5, U+180B–F) stand outside
 * the character class; the tag characters (U+E0000–U+E007F) are UTF-16 pairs.
 */
const unsafeInName =
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff0-\ufffb]|\u034f|\u1160|\u17b4|\u17b5|\u180b|\u180c|\u180d|\u180e|\u180f|\udb40[\udc00-\udc7f]/g;

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
