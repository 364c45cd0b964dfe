import { z } from 'zod';

const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Length in bytes of a canonical, padded standard-alphabet base64 string, or null. */
export function base64ByteLength(value: string): number | null {
  if (!base64Pattern.test(value)) return null;
  // Strict: the unused low bits of the last symbol must be zero (re-encoding gives it back).
  try {
    if (btoa(atob(value)) !== value) return null;
  } catch {
    return null;
  }
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}

/** A base64 string that must decode to exactly `bytes` bytes (docs/design.md#encryption). */
export const base64Bytes = (bytes: number) =>
  z.string().refine((v) => base64ByteLength(v) === bytes, {
    message: `must be standard base64 of exactly ${bytes} bytes`,
  });

/** A base64 string of at least `minBytes` bytes. */
export const base64AtLeast = (minBytes: number, maxChars: number) =>
  z
    .string()
    .max(maxChars)
    .refine((v) => (base64ByteLength(v) ?? -1) >= minBytes, {
      message: `must be standard base64 of at least ${minBytes} bytes`,
    });
