import { z } from 'zod';
import { base64AtLeast, base64Bytes } from './base64.js';
import { authVerifierSchema, envelopeSchema, kdfSchema } from './envelope.js';
import { codeParamsSchema } from './share-requests.js';
import { isoDate } from './shares.js';
import { codePointLength } from './text-length.js';

// Requests (docs/api.md#requests): an asker's request for files or text, sent by strangers
// encrypted to the asker's public key. The bodies and the answers of its endpoints.

/** Longest message an asker leaves for senders, in characters (code points). */
export const maxRequestMessageChars = 500;
/** How many submissions one request may take at most, and when the asker says nothing. */
export const requestSubmissionLimits = { min: 1, max: 100, default: 10 } as const;
/**
 * Longest submission header, as JSON text. Its sealed metadata carries at most a text of
 * 100 000 characters, each at most 6 bytes once JSON-escaped, as base64: this leaves room
 * for that and for a list of file names.
 */
export const maxSubmissionHeaderChars = 1024 * 1024;

/** A request's public key: raw key bytes in base64, 65 (an uncompressed P-256 point) or 32. */
export const requestPublicKeySchema = z.discriminatedUnion('curve', [
  z.strictObject({ curve: z.literal('P-256'), key: base64Bytes(65) }),
  z.strictObject({ curve: z.literal('X25519'), key: base64Bytes(32) }),
]);
export type RequestPublicKeyJson = z.infer<typeof requestPublicKeySchema>;

/** What a request takes: files, text, or both (never neither). */
export const requestAcceptsSchema = z
  .strictObject({ files: z.boolean(), text: z.boolean() })
  .refine((accepts) => accepts.files || accepts.text, 'A request takes files, text or both');
export type RequestAccepts = z.infer<typeof requestAcceptsSchema>;

/** Plain text shown to senders as text; control characters other than line breaks refused. */
const requestMessageSchema = z
  .string()
  .refine(
    (message) => codePointLength(message) <= maxRequestMessageChars,
    `The message is at most ${maxRequestMessageChars} characters`,
  )
  // eslint-disable-next-line no-control-regex
  .refine((message) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(message), {
    message: 'The message is plain text',
  });

export const createRequestBodySchema = z.strictObject({
  message: requestMessageSchema.optional(),
  accepts: requestAcceptsSchema,
  expiresInSeconds: z.number().int().positive().optional(),
  maxSubmissions: z
    .number()
    .int()
    .min(requestSubmissionLimits.min)
    .max(requestSubmissionLimits.max)
    .optional(),
  publicKey: requestPublicKeySchema,
  /** The private key sealed under the asker's password: an ordinary envelope. */
  encryptedPayload: envelopeSchema,
  authVerifier: authVerifierSchema,
});
export type CreateRequestBody = z.infer<typeof createRequestBodySchema>;

export const createRequestResponseSchema = z.object({
  code: z.string(),
  createdAt: isoDate,
  expiresAt: isoDate,
  deleteToken: z.string(),
});
export type CreateRequestResponse = z.infer<typeof createRequestResponseSchema>;

/** What anyone with the code sees: enough to send to it, and whether it still takes any. */
export const requestViewSchema = z.object({
  code: z.string(),
  message: z.string().nullable(),
  publicKey: requestPublicKeySchema,
  accepts: z.object({ files: z.boolean(), text: z.boolean() }),
  createdAt: isoDate,
  expiresAt: isoDate,
  /** False once it has taken its count of submissions. */
  open: z.boolean(),
  kdf: kdfSchema,
  attemptsLeft: z.number().int(),
});
export type RequestView = z.infer<typeof requestViewSchema>;

/** docs/design.md#requests-encrypting-to-the-asker: the envelope of a submission. */
export const submissionHeaderSchema = z.strictObject({
  v: z.literal(1),
  alg: z.literal('AES-256-GCM'),
  kex: z.strictObject({ name: z.enum(['ECDH-P256', 'X25519']), epk: z.string() }),
  iv: base64Bytes(12),
  ciphertext: base64AtLeast(16, maxSubmissionHeaderChars),
});
export type SubmissionHeaderJson = z.infer<typeof submissionHeaderSchema>;

export const submissionSchema = z.object({
  id: z.string(),
  createdAt: isoDate,
  header: submissionHeaderSchema,
  /** The stored bytes of its files (their encrypted streams back to back); 0 for text only. */
  storedBytes: z.number().int(),
  hasFile: z.boolean(),
});
export type Submission = z.infer<typeof submissionSchema>;

export const unlockRequestResponseSchema = z.object({
  encryptedPayload: envelopeSchema,
  /** `Authorization: Bearer {pickupToken}` for the submissions, until the request expires. */
  pickupToken: z.string(),
  submissions: z.array(submissionSchema),
});
export type UnlockRequestResponse = z.infer<typeof unlockRequestResponseSchema>;

export const submissionListSchema = z.object({ submissions: z.array(submissionSchema) });
export type SubmissionList = z.infer<typeof submissionListSchema>;

export const createSubmissionBodySchema = z.strictObject({ header: submissionHeaderSchema });
export type CreateSubmissionBody = z.infer<typeof createSubmissionBodySchema>;

export const createSubmissionResponseSchema = z.object({ id: z.string() });
export type CreateSubmissionResponse = z.infer<typeof createSubmissionResponseSchema>;

/** The asker's requests carry `Authorization: Bearer {pickupToken}`. */
export const pickupHeadersSchema = z.object({ authorization: z.string().optional() });

export const submissionParamsSchema = codeParamsSchema.extend({
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a submission id'),
});
