// Sizes as people read them, for the web app and the server's messages alike (zod-free).

const units = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * Human-readable size as docs/product.md#formatting describes: Bytes, KB, MB or GB, base 1024, at
 * most two decimals ("1.5 KB", "50 MB", "0 Bytes").
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${parseFloat(value.toFixed(2))} ${units[exponent]}`;
}

/** The compact form used inside sentences, e.g. "smaller than 50MB". */
export function formatBytesCompact(bytes: number): string {
  return formatBytes(bytes).replace(' ', '');
}
