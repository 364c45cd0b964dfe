import { z } from 'zod';
import { messages } from './messages.js';
import { shareTypes, textShareTypes } from './share-types.js';
import { authKeySchema, authVerifierSchema, envelopeSchema, kdfSchema } from './envelope.js';
import { emailPattern, isRecoverablePassword } from './recovery-rules.js';

export const shareTypeSchema = z.enum(shareTypes);

export const recoveryEmailSchema = z
  .string()
  .trim()
  .max(254, messages.invalidEmail)
  .regex(emailPattern, messages.invalidEmail);

const recoveryPasswordSchema = z
  .string()
  .refine(isRecoverablePassword, messages.recoveryPasswordInvalid);

const isoDate = z.string().describe('ISO 8601 timestamp (UTC)');

export const codeParamsSchema = z.strictObject({
  code: z.string().regex(/^\d+$/, 'Codes are digits only'),
});

/**
 * What an encrypted create must carry, texts and files alike: the envelope and its auth
 * verifier together, and a recovery email only with its password and only on an
 * encrypted share.
 */
function checkEncryptionFields(
  fields: {
    encryptedPayload?: unknown;
    authVerifier?: string;
    recoveryEmail?: string;
    recoveryPassword?: string;
  },
  ctx: z.RefinementCtx,
): void {
  const encrypted = fields.encryptedPayload !== undefined;
  if (encrypted !== (fields.authVerifier !== undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['authVerifier'],
      message: 'authVerifier goes with encryptedPayload, and only with it',
    });
  }
  if ((fields.recoveryEmail !== undefined) !== (fields.recoveryPassword !== undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['recoveryEmail'],
      message: 'recoveryEmail and recoveryPassword go together',
    });
  }
  if (!encrypted && fields.recoveryEmail !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['recoveryEmail'],
      message: 'A recovery email only applies to encrypted shares',
    });
  }
}

export const createShareBodySchema = z
  .strictObject({
    type: z.enum(textShareTypes),
    content: z.string().optional(),
    encryptedPayload: envelopeSchema.optional(),
    authVerifier: authVerifierSchema.optional(),
    expiresInSeconds: z.number().int().positive().optional(),
    burnAfterReading: z.boolean().optional(),
    recoveryEmail: recoveryEmailSchema.optional(),
    recoveryPassword: recoveryPasswordSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const encrypted = body.encryptedPayload !== undefined;
    if (encrypted && body.content !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: 'Send either content or encryptedPayload, not both',
      });
    }
    if (!encrypted && body.content === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['content'],
        message: body.type === 'clipboard' ? messages.textRequired : messages.noteRequired,
      });
    }
    checkEncryptionFields(body, ctx);
  });
export type CreateShareBody = z.infer<typeof createShareBodySchema>;

export const createShareResponseSchema = z.object({
  code: z.string(),
  type: shareTypeSchema,
  createdAt: isoDate,
  expiresAt: isoDate,
  deleteToken: z.string(),
});
export type CreateShareResponse = z.infer<typeof createShareResponseSchema>;

export const fileInfoSchema = z.object({
  name: z.string(),
  size: z.number().int(),
  downloadCount: z.number().int(),
  maxDownloads: z.number().int(),
});
export type FileInfo = z.infer<typeof fileInfoSchema>;

/**
 * One file of a file share, in upload order. An encrypted share shows only the stored
 * (encrypted) size: the real name, type and size are inside its encrypted metadata.
 */
export const fileEntrySchema = z.object({
  name: z.string().optional(),
  size: z.number().int(),
  type: z.string().optional(),
});
export type FileEntry = z.infer<typeof fileEntrySchema>;

/**
 * A share made by a resumable upload exists from the upload's first request: `uploading`
 * until every declared byte is stored, then `ready`. Every other share is born `ready`.
 */
export const shareStatusSchema = z.enum(['uploading', 'ready']);
export type ShareStatus = z.infer<typeof shareStatusSchema>;

export const uploadProgressSchema = z.object({
  receivedBytes: z.number().int(),
  totalBytes: z.number().int(),
});
export type UploadProgress = z.infer<typeof uploadProgressSchema>;

/** GET /api/shares/{code}: metadata, plaintext content when allowed, never ciphertext. */
export const shareViewSchema = z.object({
  code: z.string(),
  type: shareTypeSchema,
  status: shareStatusSchema,
  /** While `status` is `uploading`: the bytes stored so far of the declared total. */
  upload: uploadProgressSchema.optional(),
  createdAt: isoDate,
  expiresAt: isoDate,
  isEncrypted: z.boolean(),
  burnAfterReading: z.boolean(),
  content: z.string().optional(),
  kdf: kdfSchema.optional(),
  attemptsLeft: z.number().int().optional(),
  /** The first file, for clients written before shares had several (same as files[0]). */
  file: fileInfoSchema.optional(),
  /** Every file of a file share, in upload order (a single file is a list of one). */
  files: z.array(fileEntrySchema).optional(),
});
export type ShareView = z.infer<typeof shareViewSchema>;

export const readResponseSchema = z.object({ content: z.string() });
export type ReadResponse = z.infer<typeof readResponseSchema>;

export const unlockBodySchema = z.strictObject({ authKey: authKeySchema });
export type UnlockBody = z.infer<typeof unlockBodySchema>;
export const unlockResponseSchema = z.object({ encryptedPayload: envelopeSchema });
export type UnlockResponse = z.infer<typeof unlockResponseSchema>;

export const downloadBodySchema = z.strictObject({ authKey: authKeySchema.optional() });
export type DownloadBody = z.infer<typeof downloadBodySchema>;
export const downloadResponseSchema = z.object({
  /** The first file's URL (downloadUrls[0].url), for clients of single-file shares. */
  downloadUrl: z.string(),
  /** One URL per file, in upload order, all from this one counted download. */
  downloadUrls: z.array(z.object({ name: z.string(), url: z.string() })),
  downloadCount: z.number().int(),
  maxDownloads: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type DownloadResponse = z.infer<typeof downloadResponseSchema>;

export const createFileResponseSchema = createShareResponseSchema.extend({
  type: z.literal('file'),
  /** The first file's stored name and the stored total of all files. */
  fileName: z.string(),
  fileSize: z.number().int(),
  maxDownloads: z.number().int(),
  files: z.array(fileEntrySchema),
});
export type CreateFileResponse = z.infer<typeof createFileResponseSchema>;

/**
 * The text fields of POST /api/files (multipart), which come before the `file` parts. They
 * arrive as strings; numbers are parsed strictly.
 */
const wholeNumber = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} is required (a whole number from ${min} to ${max})` })
    .trim()
    .regex(/^\d+$/, `${field} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `${field} must be a whole number from ${min} to ${max}`)
        .max(max, `${field} must be a whole number from ${min} to ${max}`),
    );

export const fileUploadFieldsSchema = z
  .strictObject({
    maxDownloads: wholeNumber('maxDownloads', 1, 100),
    expiresInSeconds: z
      .string()
      .trim()
      .regex(/^\d+$/, 'expiresInSeconds must be a whole number of seconds')
      .transform(Number)
      .optional(),
    encryptedPayload: z
      .string()
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'encryptedPayload must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(envelopeSchema)
      .optional(),
    authVerifier: authVerifierSchema.optional(),
    recoveryEmail: recoveryEmailSchema.optional(),
    recoveryPassword: recoveryPasswordSchema.optional(),
  })
  .superRefine(checkEncryptionFields);
export type FileUploadFields = z.infer<typeof fileUploadFieldsSchema>;
