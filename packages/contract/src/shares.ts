import { z } from 'zod';
import { messages } from './messages.js';
import { shareTypes, type ShareType } from './share-types.js';
import { kdfSchema } from './envelope.js';
import { emailPattern } from './recovery-rules.js';

export const shareTypeSchema = z.enum(shareTypes);

export const recoveryEmailSchema = z
  .string()
  .trim()
  .max(254, messages.invalidEmail)
  .regex(emailPattern, messages.invalidEmail);

export const isoDate = z.string().describe('ISO 8601 timestamp (UTC)');

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

/** What the view of every kind of share says. */
const shareViewBase = z.object({
  code: z.string(),
  status: shareStatusSchema,
  createdAt: isoDate,
  expiresAt: isoDate,
  isEncrypted: z.boolean(),
  burnAfterReading: z.boolean(),
  kdf: kdfSchema.optional(),
  attemptsLeft: z.number().int().optional(),
});

/** A text share: its plain text when neither sealed nor to be read once (POST …/read). */
const textViewFields = { content: z.string().optional() };

export const fileShareViewSchema = shareViewBase.extend({
  type: z.literal('file'),
  /** While `status` is `uploading`: the bytes stored so far of the declared total. */
  upload: uploadProgressSchema.optional(),
  /** Every file of the share, in upload order (a single file is a list of one). */
  files: z.array(fileEntrySchema),
  /** Downloads taken of the share's maxDownloads (one download takes every file). */
  downloadCount: z.number().int(),
  maxDownloads: z.number().int(),
});
export type FileShareView = z.infer<typeof fileShareViewSchema>;

/** GET /api/shares/{code}: metadata, plaintext content when allowed, never ciphertext. */
export const shareViewSchema = z.discriminatedUnion('type', [
  shareViewBase.extend({ type: z.literal('clipboard'), ...textViewFields }),
  shareViewBase.extend({ type: z.literal('notepad'), ...textViewFields }),
  fileShareViewSchema,
]);
export type ShareView = z.infer<typeof shareViewSchema>;
export type TextShareView = Exclude<ShareView, FileShareView>;

// A kind of share without a view of its own does not compile.
const everyTypeViewed: [Exclude<ShareType, ShareView['type']>] extends [never] ? true : never =
  true;
void everyTypeViewed;
