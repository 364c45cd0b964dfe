/**
 * Sizes of the segmented file format (docs/design.md#encryption): a 12-byte header, then each 1 MiB
 * plaintext segment followed by its 16-byte GCM tag; an empty file is one tag-only segment.
 */
const headerBytes = 12;
const tagBytes = 16;
const segmentBytes = 1_048_576;

export function encryptedSize(plaintextBytes: number): number {
  const segments = Math.max(1, Math.ceil(plaintextBytes / segmentBytes));
  return headerBytes + plaintextBytes + tagBytes * segments;
}

/** The plaintext size a stored ciphertext of `storedBytes` holds, or null if none could. */
export function plaintextSizeOf(storedBytes: number): number | null {
  if (storedBytes < headerBytes + tagBytes) return null;
  const segments = Math.ceil((storedBytes - headerBytes) / (segmentBytes + tagBytes));
  const plaintext = storedBytes - headerBytes - tagBytes * segments;
  return encryptedSize(plaintext) === storedBytes ? plaintext : null;
}
