/**
 * Keeps the digits of what was typed or pasted, cut to the longest code
 * (docs/product.md#landing-page).
 */
export function filterCodeInput(raw: string, maxDigits: number): string {
  return asciiDigits(raw).replace(/\D/g, '').slice(0, Math.max(0, maxDigits));
}

/** The zero of each script whose digits the site's languages type (each run holds 0–9). */
const zeros = [
  0x0660, // Arabic-Indic: ٠
  0x06f0, // Persian and Urdu: ۰
  0x0966, // Devanagari: ०
  0x09e6, // Bengali: ০
  0x0e50, // Thai: ๐
  0xff10, // full width: ０
];

/**
 * Digits of those scripts as 0–9: a code read out as ٤٨٢١, ۴۸۲۱ or ४८२१ is typed with
 * them on those keyboards, and means 4821.
 */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0)!;
    const zero = zeros.find((start) => code >= start && code <= start + 9);
    return zero === undefined ? digit : String(code - zero);
  });
}

/** A code worth looking up: digits only, between the configured lengths. */
export function isLookupCode(code: string, minDigits: number, maxDigits: number): boolean {
  const trimmed = code.trim();
  return /^\d+$/.test(trimmed) && trimmed.length >= minDigits && trimmed.length <= maxDigits;
}
