import { z } from 'zod';
import { envelopeSchema, authKeySchema, authVerifierSchema } from './envelope.js';
import { messages } from './messages.js';
import { isRecoverablePassword } from './recovery-rules.js';
import { textShareTypes } from './share-types.js';
import { recoveryEmailSchema } from './shares.js';

// What clients send to the share endpoints. Apart from the answers (shares.ts): only the
// server parses these, and a web page that builds none of them starts faster.

const recoveryPasswordSchema = z
  .string()
  .refine(isRecoverablePassword, messages.recoveryPasswordInvalid);

export const codeParamsSchema = z.strictObject({
  code: z.string().regex(/^\d+$/, 'Codes are digits only'),
});

/** One file of a share, by its place in upload order (the console's previews). */
export const shareFileParamsSchema = codeParamsSchema.extend({
  index: z.coerce.number().int().min(0).max(10_000),
});

/** A share is deleted with `Authorization: Bearer {deleteToken}`. */
export const deleteShareHeadersSchema = z.object({ authorization: z.string().optional() });

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

export const unlockBodySchema = z.strictObject({ authKey: authKeySchema });
export type UnlockBody = z.infer<typeof unlockBodySchema>;

/** No body, or an encrypted share's authKey. */
export const downloadBodySchema = z.strictObject({ authKey: authKeySchema.optional() }).optional();
export type DownloadBody = z.infer<typeof downloadBodySchema>;

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
