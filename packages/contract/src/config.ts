import { z } from 'zod';

export { configDefaults, downloadLimit, downloadUrlSeconds, maxRoomDevices } from './limits.js';

/** GET /api/config: what the web app needs to know about this server's limits. */
export const publicConfigSchema = z.object({
  maxFileBytes: z.number().int(),
  maxFilesPerShare: z.number().int(),
  /** The most bytes one PATCH of a resumable upload (/api/uploads) may carry. */
  uploadChunkBytes: z.number().int(),
  maxTextChars: z.number().int(),
  maxNoteChars: z.number().int(),
  codeMinDigits: z.number().int(),
  codeMaxDigits: z.number().int(),
  expiryChoicesSeconds: z.array(z.number().int()),
  defaultExpirySeconds: z.number().int(),
  downloadLimit: z.object({
    min: z.number().int(),
    max: z.number().int(),
    default: z.number().int(),
  }),
  unlockMaxFailures: z.number().int(),
  adsClientId: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
