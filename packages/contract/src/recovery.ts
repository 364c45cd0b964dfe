import { z } from 'zod';
import { messages } from './messages.js';
import { recoveryEmailSchema } from './shares.js';

export const recoveryBodySchema = z.strictObject({
  email: z.string().trim().min(1, messages.recoveryEmailRequired).pipe(recoveryEmailSchema),
  shareCode: z.string().regex(/^\d+$/, 'Codes are digits only'),
});
export type RecoveryBody = z.infer<typeof recoveryBodySchema>;

export const recoveryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type RecoveryResponse = z.infer<typeof recoveryResponseSchema>;
