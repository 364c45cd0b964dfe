import { z } from 'zod';
import { envelopeSchema } from './envelope.js';
import { fileEntrySchema, isoDate, shareTypeSchema } from './shares.js';

// The answers of the share endpoints other than the lookup (shares.ts): a page that only
// looks a share up builds none of them.

export const createShareResponseSchema = z.object({
  code: z.string(),
  type: shareTypeSchema,
  createdAt: isoDate,
  expiresAt: isoDate,
  deleteToken: z.string(),
});
export type CreateShareResponse = z.infer<typeof createShareResponseSchema>;

export const readResponseSchema = z.object({ content: z.string() });
export type ReadResponse = z.infer<typeof readResponseSchema>;

export const unlockResponseSchema = z.object({ encryptedPayload: envelopeSchema });
export type UnlockResponse = z.infer<typeof unlockResponseSchema>;

export const downloadResponseSchema = z.object({
  /** One URL per file, in upload order, all from this one counted download. */
  downloadUrls: z.array(z.object({ name: z.string(), url: z.string() })),
  downloadCount: z.number().int(),
  maxDownloads: z.number().int(),
  expiresInSeconds: z.number().int(),
});
export type DownloadResponse = z.infer<typeof downloadResponseSchema>;

export const createFileResponseSchema = createShareResponseSchema.extend({
  type: z.literal('file'),
  maxDownloads: z.number().int(),
  files: z.array(fileEntrySchema),
});
export type CreateFileResponse = z.infer<typeof createFileResponseSchema>;
