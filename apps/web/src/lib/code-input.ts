/**
 * Keeps the digits of what was typed or pasted, cut to the longest code
 * (docs/product.md#landing-page).
 */
export function filterCodeInput(raw: string, maxDigits: number): string {
  return raw.replace(/\D/g, '').slice(0, Math.max(0, maxDigits));
}

/** A code worth looking up: digits only, between the configured lengths. */
export function isLookupCode(code: string, minDigits: number, maxDigits: number): boolean {
  const trimmed = code.trim();
  return /^\d+$/.test(trimmed) && trimmed.length >= minDigits && trimmed.length <= maxDigits;
}
