import { z } from 'zod';
import { shareTypes } from './share-types.js';
import { recoveryEmailSchema } from './shares.js';

// Abuse reports and the operator's console (docs/api.md#reports, docs/api.md#admin).

export const reportReasons = ['illegal', 'malware', 'copyright', 'spam', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];

/** The words of each reason, in the report form and in the console. */
export const reportReasonLabels: Record<ReportReason, string> = {
  illegal: 'Illegal content',
  malware: 'Malware or phishing',
  copyright: 'Copyright',
  spam: 'Spam',
  other: 'Other',
};

export const REPORT_MESSAGE_MAX_CHARS = 1000;

export const reportBodySchema = z.strictObject({
  reason: z.enum(reportReasons),
  message: z
    .string()
    .trim()
    .max(REPORT_MESSAGE_MAX_CHARS, `At most ${REPORT_MESSAGE_MAX_CHARS} characters`)
    .optional(),
  email: recoveryEmailSchema.optional(),
});
export type ReportBody = z.infer<typeof reportBodySchema>;

/** 202, the same for every code, stored or not: a report cannot test whether a code exists. */
export const reportResponseSchema = z.object({ message: z.string() });
export type ReportResponse = z.infer<typeof reportResponseSchema>;

const isoDate = z.string();
/** What the console reviews: every kind of share, and requests (they can be reported too). */
export const consoleTypes = [...shareTypes, 'request', 'room'] as const;
export type ConsoleType = (typeof consoleTypes)[number];
const consoleTypeSchema = z.enum(consoleTypes);

export const adminSignInBodySchema = z.strictObject({
  password: z.string().min(1, 'Please enter the password').max(1024),
});

/** A signed-in console: every state change carries `csrfToken` in CodeDrop-CSRF. */
export const adminSessionSchema = z.object({
  csrfToken: z.string(),
  expiresAt: isoDate,
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminOverviewSchema = z.object({
  liveShares: z.object({ clipboard: z.number(), notepad: z.number(), file: z.number() }),
  liveRequests: z.number(),
  storageBytes: z.number(),
  createdLast24h: z.number(),
  reportsLast24h: z.number(),
  quarantined: z.number(),
  blockedHashes: z.number(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** Where a reported share stands, as the console shows it. */
export const adminShareStatuses = ['live', 'quarantined', 'expired', 'gone'] as const;
export type AdminShareStatus = (typeof adminShareStatuses)[number];

export const adminQueueEntrySchema = z.object({
  code: z.string(),
  type: consoleTypeSchema,
  encrypted: z.boolean(),
  status: z.enum(adminShareStatuses),
  reports: z.number(),
  reporters: z.number(),
  reasons: z.array(z.object({ reason: z.enum(reportReasons), count: z.number() })),
  latestReportAt: isoDate,
  quarantinedAt: isoDate.nullable(),
});
export type AdminQueueEntry = z.infer<typeof adminQueueEntrySchema>;

export const adminQueueSchema = z.object({ entries: z.array(adminQueueEntrySchema) });
export type AdminQueue = z.infer<typeof adminQueueSchema>;

export const adminReportSchema = z.object({
  reason: z.enum(reportReasons),
  message: z.string().nullable(),
  email: z.string().nullable(),
  /** The first characters of the keyed hash of the reporter's address: tells reporters apart. */
  reporter: z.string(),
  createdAt: isoDate,
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminFileSchema = z.object({
  index: z.number(),
  /** Null for an encrypted share: its names are inside the ciphertext. */
  name: z.string().nullable(),
  size: z.number(),
  type: z.string().nullable(),
  /** SHA-256 of the stored bytes (the ciphertext for an encrypted share), hex. */
  sha256: z.string().nullable(),
});
export type AdminFile = z.infer<typeof adminFileSchema>;

/**
 * A request's public part and its slots. Its submissions are sealed to the asker: the
 * console sees how many and how big, never what.
 */
export const adminRequestSchema = z.object({
  message: z.string().nullable(),
  accepts: z.object({ files: z.boolean(), text: z.boolean() }),
  submissions: z.number(),
  maxSubmissions: z.number(),
});
export type AdminRequest = z.infer<typeof adminRequestSchema>;

export const adminShareSchema = z.object({
  code: z.string(),
  type: consoleTypeSchema,
  encrypted: z.boolean(),
  status: z.enum(adminShareStatuses),
  createdAt: isoDate,
  expiresAt: isoDate,
  quarantinedAt: isoDate.nullable(),
  size: z.number(),
  downloadCount: z.number(),
  maxDownloads: z.number().nullable(),
  /** A plain clipboard share's text. */
  text: z.string().nullable(),
  /** A plain note, sanitized exactly as the viewer sanitizes it. */
  noteHtml: z.string().nullable(),
  files: z.array(adminFileSchema),
  /** Set for a request only. */
  request: adminRequestSchema.nullable(),
  reports: z.array(adminReportSchema),
});
export type AdminShare = z.infer<typeof adminShareSchema>;

export const adminActions = [
  'sign-in',
  'sign-in-failed',
  /** A sign-in refused by a limit: `detail` says which (`address`, `all addresses`, `busy`). */
  'sign-in-limited',
  'sign-out',
  'sign-out-everywhere',
  /** The operator read a share's content (`detail`: `file {index}` for a file's bytes). */
  'view',
  'delete',
  'restore',
  'dismiss',
  'block',
] as const;
export type AdminAction = (typeof adminActions)[number];

export const adminAuditEntrySchema = z.object({
  at: isoDate,
  action: z.enum(adminActions),
  code: z.string().nullable(),
  /** The console session that acted (its first characters), null for a failed sign-in. */
  session: z.string().nullable(),
  /** The first characters of the keyed hash of the address it came from. */
  ip: z.string(),
  detail: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditSchema = z.object({ entries: z.array(adminAuditEntrySchema) });
export type AdminAudit = z.infer<typeof adminAuditSchema>;

/** The answer to Block file: what went on the block list. */
export const adminBlockResponseSchema = z.object({ blocked: z.array(z.string()) });
