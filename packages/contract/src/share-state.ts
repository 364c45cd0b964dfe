import { z } from 'zod';
import { isoDate } from './shares.js';

// What a creator sees of their share while its result card is open
// (docs/api.md#a-creators-live-view): `GET /api/shares/{code}/events` with the delete
// token, a Server-Sent Events stream of `state` events.

/** Where the share stands: live, or why it no longer is. */
export const shareStandingSchema = z.enum([
  'live',
  /** A resumable upload still running. */
  'uploading',
  'burnt',
  /** Every download taken. */
  'exhausted',
  'expired',
  'deleted',
  /** Too many wrong passwords. */
  'destroyed',
  /** Held for an operator's review after reports. */
  'quarantined',
  /** Removed by an operator, or its upload failed: the code is free again. */
  'removed',
]);
export type ShareStanding = z.infer<typeof shareStandingSchema>;

/** `event: state`: the share's state now; sent at once and after every change. */
export const shareStateSchema = z.object({
  code: z.string(),
  standing: shareStandingSchema,
  /** Someone other than its creator has looked the code up (a read, a lookup, a download). */
  viewed: z.boolean(),
  /** A file share's downloads taken and its limit; null for a text or a request. */
  downloads: z.object({ count: z.number().int(), max: z.number().int() }).nullable(),
  /** Abuse reports not yet reviewed (the creator learns the share was reported). */
  reports: z.number().int(),
  /** A request's submissions taken, running uploads included; null for a share. */
  submissions: z.number().int().nullable(),
  expiresAt: isoDate,
});
export type ShareState = z.infer<typeof shareStateSchema>;
