import { z } from 'zod';
import { base64AtLeast, base64Bytes } from './base64.js';

/** Readers accept 100 000 and up; writers use 600 000 (docs/design.md#encryption). */
export const kdfLimits = { minIter: 100_000, maxIter: 10_000_000, writeIter: 600_000 } as const;

/** Serialized envelopes are capped at 2 MiB of JSON text (docs/api.md). */
export const maxEnvelopeChars = 2 * 1024 * 1024;

export const kdfSchema = z.strictObject({
  name: z.literal('PBKDF2-SHA-256'),
  iter: z.number().int().min(kdfLimits.minIter).max(kdfLimits.maxIter),
  salt: base64Bytes(32),
});
export type Kdf = z.infer<typeof kdfSchema>;

export const envelopeSchema = z.strictObject({
  v: z.literal(1),
  alg: z.literal('AES-256-GCM'),
  kdf: kdfSchema,
  iv: base64Bytes(12),
  // ciphertext ‖ 16-byte tag, so never shorter than the tag.
  ciphertext: base64AtLeast(16, maxEnvelopeChars),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** base64(SHA-256(authKey)) sent on create; base64 authKey sent to unlock. */
export const authVerifierSchema = base64Bytes(32);
export const authKeySchema = base64Bytes(32);
