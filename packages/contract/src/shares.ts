import { z } from 'zod';
import { messages } from './messages.js';
import { shareTypes } from './share-types.js';
import { kdfSchema } from './envelope.js';
import { emailPattern } from './recovery-rules.js';

export const shareTypeSchema = z.enum(shareTypes);

export const recoveryEmailSchema = z
  .string()
  .trim()
  .max(254, messages.invalidEmail)
  .regex(emailPattern, messages.invalidEmail);

export const isoDate = z.string().describe('ISO 8601 timestamp (UTC)');

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
