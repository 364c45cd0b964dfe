/**
 * The download limit from what was typed (docs/product.md#file-share): an empty or non-numeric
 * entry falls back to the minimum (1), fractions are cut, and the result stays within range.
 */
export function parseDownloadLimit(raw: string, range: { min: number; max: number }): number {
  const value = Number.parseInt(raw.trim(), 10);
  if (Number.isNaN(value)) return range.min;
  return Math.min(range.max, Math.max(range.min, value));
}
