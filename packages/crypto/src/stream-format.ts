import { DecryptionError } from './errors.js';
import { TAG_BYTES } from './envelope-parse.js';

// The STREAM construction of docs/design.md#encryption (as in Tink's streaming AEAD). Every number
// here is part of the stored format: changing one makes existing files unreadable.
export const STREAM_VERSION = 0x01;
export const SEGMENT_SIZE = 1024 * 1024;
export const STREAM_HEADER_BYTES = 12;
export const NONCE_PREFIX_BYTES = 7;
export const SEALED_SEGMENT_SIZE = SEGMENT_SIZE + TAG_BYTES;

function checkByteCount(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a byte count`);
}

/** Segments in a stream of n plaintext bytes; an empty file still has one (tag-only) segment. */
export function segmentCount(plaintextBytes: number): number {
  return Math.max(1, Math.ceil(plaintextBytes / SEGMENT_SIZE));
}

/** Stored size of n plaintext bytes: 12 + n + 16 × max(1, ⌈n / 1 MiB⌉). */
export function encryptedSize(plaintextBytes: number): number {
  checkByteCount(plaintextBytes, 'plaintext size');
  return STREAM_HEADER_BYTES + plaintextBytes + TAG_BYTES * segmentCount(plaintextBytes);
}

/**
 * Inverse of {@link encryptedSize}; null for a length no stream can have (it would need a
 * partial tag, or an empty segment after full ones).
 */
export function plaintextSize(storedBytes: number): number | null {
  checkByteCount(storedBytes, 'stored size');
  const body = storedBytes - STREAM_HEADER_BYTES;
  if (body < TAG_BYTES) return null;
  const full = Math.floor(body / SEALED_SEGMENT_SIZE);
  const rest = body % SEALED_SEGMENT_SIZE;
  if (rest === 0) return full * SEGMENT_SIZE;
  if (rest > TAG_BYTES) return full * SEGMENT_SIZE + rest - TAG_BYTES;
  return rest === TAG_BYTES && full === 0 ? 0 : null;
}

/** Plaintext bytes in segment `index` of a stream of n plaintext bytes. */
export function segmentLength(plaintextBytes: number, index: number): number {
  return Math.min(SEGMENT_SIZE, plaintextBytes - index * SEGMENT_SIZE);
}

export function makeHeader(noncePrefix: Uint8Array): Uint8Array<ArrayBuffer> {
  if (noncePrefix.length !== NONCE_PREFIX_BYTES) {
    throw new RangeError(`nonce prefix must be ${NONCE_PREFIX_BYTES} bytes`);
  }
  const header = new Uint8Array(STREAM_HEADER_BYTES);
  header[0] = STREAM_VERSION;
  new DataView(header.buffer).setUint32(1, SEGMENT_SIZE);
  header.set(noncePrefix, 5);
  return header;
}

/** @throws {DecryptionError} `unsupported` for another version or segment size. */
export function checkHeader(header: Uint8Array): void {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  if (header.length !== STREAM_HEADER_BYTES || view.getUint8(0) !== STREAM_VERSION) {
    throw new DecryptionError('unsupported', 'Unsupported stream version');
  }
  if (view.getUint32(1) !== SEGMENT_SIZE) {
    throw new DecryptionError('unsupported', 'Unsupported stream segment size');
  }
}

/** nonce = prefix ‖ index as u32 BE ‖ 0x01 for the last segment else 0x00. */
export function segmentNonce(header: Uint8Array, index: number, last: boolean) {
  // A wrapped counter would reuse a nonce; 2^32 segments (4 PiB) is far beyond any file here.
  if (index > 0xffff_ffff) throw new RangeError('too many segments');
  const nonce = new Uint8Array(12);
  nonce.set(header.subarray(5, STREAM_HEADER_BYTES));
  new DataView(nonce.buffer).setUint32(NONCE_PREFIX_BYTES, index);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

export function segmentParams(header: Uint8Array<ArrayBuffer>, index: number, last: boolean) {
  return {
    name: 'AES-GCM',
    iv: segmentNonce(header, index, last),
    additionalData: header,
    tagLength: 128,
  };
}
