import { adminApiPath } from '@codedrop/contract';
import { z } from 'zod';
import { bool, int, optional, type Variables } from './env-schema.js';
import { parsePasswordHash } from './password-hash.js';

/** Per-client limits, the operator's console, and abuse reports. */
export const abuseVariables = {
  RATE_LIMIT_CREATES: { ...int(100, 1, 1_000_000), doc: 'creations per client IP per hour' },
  RATE_LIMIT_MISSES: {
    ...int(30, 1, 1_000_000),
    doc: 'lookups that find nothing (and wrong passwords) per client IP per 10 minutes',
  },
  RATE_LIMIT_ROOM_EDITS: {
    ...int(1_200, 1, 1_000_000),
    doc: 'edits of live rooms per client IP per minute (a device sends at most one at a time)',
  },
  RATE_LIMIT_UPLOAD_BYTES: {
    ...int(1_073_741_824, 1, Number.MAX_SAFE_INTEGER),
    doc: 'upload bytes per client IP per hour (1 GiB), charged by the declared body length',
  },
  RATE_LIMIT_DISABLED: { ...bool(false), doc: '`true` only for benchmarks and load tests' },
  // A /64 is what one IPv6 subscriber usually holds; a prefix shorter than /32 would lump
  // whole providers together.
  RATE_LIMIT_IPV6_PREFIX: {
    ...int(64, 32, 128),
    doc: 'an IPv6 client is counted by this prefix of its address (32–128), by every per-client limit and as a reporter; IPv4 clients by address',
  },
  RATE_LIMIT_SIGN_INS: {
    ...int(20, 1, 10_000),
    doc: 'console sign-in attempts per minute from all addresses together (each client also has 5 per 15 minutes)',
  },
  RATE_LIMIT_REPORTS: {
    ...int(10, 1, 1_000_000),
    doc: 'abuse reports per client IP per hour',
  },
  ADMIN_PASSWORD_HASH: {
    ...optional(
      z.string().refine((raw) => parsePasswordHash(raw) !== null, {
        message: 'must be a hash printed by npm run admin:hash ($scrypt$ln=…)',
      }),
    ),
    doc: `turns the operator's console at \`/admin\` on: the scrypt hash printed by \`npm run admin:hash\` (quote it: it contains \`$\`). Without it \`/admin\` and \`${adminApiPath}\` answer 404`,
  },
  ABUSE_EMAIL: {
    ...optional(
      z
        .string()
        .trim()
        .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address'),
    ),
    doc: 'where each abuse report is mailed (through `SMTP_URL`, or the outbox), with the console link',
  },
  ABUSE_QUARANTINE_REPORTS: {
    ...int(3, 1, 1_000),
    doc: 'distinct reporters (client addresses, `TRUST_PROXY` included) that quarantine a share: every read answers 451 until an operator acts',
  },
  // Unset, as many as ABUSE_QUARANTINE_REPORTS, so each reporter must come from a network
  // of its own.
  ABUSE_QUARANTINE_NETWORKS: {
    ...optional(int(0, 1, 1_000).schema),
    doc: 'distinct networks (a /24 for IPv4, a /48 for IPv6) those reporters must come from; at most `ABUSE_QUARANTINE_REPORTS`',
    defaultDoc: '`ABUSE_QUARANTINE_REPORTS`',
  },
  // A week by default: long enough for an operator to look, short enough to keep little.
  QUARANTINE_HOLD_SECONDS: {
    ...int(604_800, 0, 31_536_000),
    doc: "how long a quarantine keeps an expired share's row and files for review (7 days), and no longer",
  },
} satisfies Variables;
