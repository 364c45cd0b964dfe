import { formatBytes, formatBytesCompact, formatCount, sourceLocale } from '@codedrop/contract';

const byteUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** Sizes in the locale's own numbers and unit names; English keeps docs/product.md's form. */
export function formatBytesIn(locale: string, bytes: number): string {
  if (locale === sourceLocale) return formatBytes(bytes);
  const size = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const exponent =
    size === 0 ? 0 : Math.min(Math.floor(Math.log(size) / Math.log(1024)), byteUnits.length - 1);
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: byteUnits[exponent],
    unitDisplay: exponent === 0 ? 'long' : 'short',
    maximumFractionDigits: 2,
  }).format(size / 1024 ** exponent);
}

/** The compact form inside sentences ("50MB" in English, "50 MB" where the locale spaces it). */
export function formatBytesCompactIn(locale: string, bytes: number): string {
  return locale === sourceLocale ? formatBytesCompact(bytes) : formatBytesIn(locale, bytes);
}

/** A whole number grouped as the locale groups it ("100,000", "100.000", "100 000"). */
export function formatCountIn(locale: string, count: number): string {
  return locale === sourceLocale ? formatCount(count) : new Intl.NumberFormat(locale).format(count);
}
