import { availableParallelism } from 'node:os';
import { configDefaults } from '@codedrop/contract';
import { z } from 'zod';
import type { Config } from './config.js';
import { parsePasswordHash } from '../modules/moderation/admin-password.js';
import { bool, fraction, int, oneOf, secret, text, url, type Variable } from './env-schema.js';
import { trustedProxiesProblem } from './trusted-proxies.js';

export const maxLifetimeSeconds = configDefaults.defaultExpirySeconds;
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const web = ['http:', 'https:'];

/** Every variable the server reads, with its kind and default (README.md#configuration). */
export const variables = {
  PORT: int(3000, 0, 65_535),
  HOST: text('0.0.0.0'),
  PUBLIC_URL: url(web),
  DATA_DIR: text('./data'),
  SECRETS_FILE: text(null),
  DATABASE_URL: {
    fallback: null,
    schema: z.string().transform((raw, ctx): Config['database'] => {
      if (/^postgres(ql)?:\/\//.test(raw)) return { kind: 'postgres', url: raw };
      if (!raw.startsWith('sqlite:')) {
        ctx.addIssue({
          code: 'custom',
          message: 'must start with postgres://, postgresql:// or sqlite:',
        });
        return z.NEVER;
      }
      const file = raw.slice('sqlite:'.length).replace(/^\/\//, '');
      if (file !== '') return { kind: 'sqlite', file };
      ctx.addIssue({ code: 'custom', message: 'sqlite: needs a file path (sqlite:./data/x.db)' });
      return z.NEVER;
    }),
  } as Variable<Config['database'] | null>,
  STORAGE: oneOf(['local', 's3'] as const, 'local'),
  S3_ENDPOINT: url(web),
  S3_BUCKET: text(''),
  S3_REGION: text('us-east-1'),
  S3_ACCESS_KEY_ID: text(null),
  S3_SECRET_ACCESS_KEY: text(null),
  S3_FORCE_PATH_STYLE: bool(false),
  S3_PRESIGNED_DOWNLOADS: bool(false),
  // Every S3 upload of the process, classic or resumable, shares it; at least one 5 MiB
  // part, S3's smallest (raised to one UPLOAD_CHUNK_BYTES part where that is larger).
  S3_UPLOAD_BUFFER_BYTES: int(20_971_520, 5_242_880, Number.MAX_SAFE_INTEGER),
  REDIS_URL: url(['redis:', 'rediss:']),
  REDIS_KEY_PREFIX: text('codedrop:'),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: text('CodeDrop <no-reply@localhost>'),
  RECOVERY_KEY: secret(),
  RECOVERY_KEY_PREVIOUS: secret(),
  URL_SIGNING_KEY: secret(),
  METRICS_TOKEN: {
    fallback: null,
    schema: z.string().min(16, 'must be at least 16 characters long'),
  } as Variable<string | null>,
  // Sizes are 64-bit columns (migration 0011); 1 TiB is far beyond a day's sharing.
  MAX_FILE_BYTES: int(configDefaults.maxFileBytes, 1, 1_099_511_627_776),
  MAX_FILES_PER_SHARE: int(configDefaults.maxFilesPerShare, 1, 1_000),
  // S3 needs every part but the last to be at least 5 MiB; a chunk is at most one part.
  UPLOAD_CHUNK_BYTES: int(configDefaults.uploadChunkBytes, 5_242_880, 104_857_600),
  UPLOAD_STALL_SECONDS: int(3_600, 60, 86_400),
  // What one client's running resumable uploads may hold of the storage quota at once: how
  // many, and the bytes they have declared but not sent (unset: twice MAX_FILE_BYTES).
  UPLOAD_RESERVATIONS_PER_CLIENT: int(5, 1, 10_000),
  UPLOAD_RESERVED_BYTES_PER_CLIENT: {
    fallback: null,
    schema: int(0, 1, Number.MAX_SAFE_INTEGER).schema,
  } as Variable<number | null>,
  // An upload with no byte after this long, or slower on average since its start than
  // UPLOAD_MIN_BYTES_PER_SECOND (0: no floor) once this long has passed, is reclaimed.
  UPLOAD_FIRST_BYTE_SECONDS: int(120, 10, 86_400),
  UPLOAD_MIN_BYTES_PER_SECOND: int(1_024, 0, 1_073_741_824),
  ADMIN_PASSWORD_HASH: {
    fallback: null,
    schema: z.string().refine((raw) => parsePasswordHash(raw) !== null, {
      message: 'must be a hash printed by npm run admin:hash ($scrypt$ln=…)',
    }),
  } as Variable<string | null>,
  ABUSE_EMAIL: {
    fallback: null,
    schema: z
      .string()
      .trim()
      .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address'),
  } as Variable<string | null>,
  ABUSE_QUARANTINE_REPORTS: int(3, 1, 1_000),
  // Distinct /24 (IPv4) or /48 (IPv6) networks among those reporters; unset, as many as
  // ABUSE_QUARANTINE_REPORTS, so each reporter must come from a network of its own.
  ABUSE_QUARANTINE_NETWORKS: {
    fallback: null,
    schema: int(0, 1, 1_000).schema,
  } as Variable<number | null>,
  // A week by default: long enough for an operator to look, short enough to keep little.
  QUARANTINE_HOLD_SECONDS: int(604_800, 0, 31_536_000),
  RATE_LIMIT_REPORTS: int(10, 1, 1_000_000),
  MAX_TEXT_CHARS: int(configDefaults.maxTextChars, 1, 1_000_000),
  MAX_NOTE_CHARS: int(configDefaults.maxNoteChars, 1, 1_000_000),
  EXPIRY_CHOICES: {
    fallback: [...configDefaults.expiryChoicesSeconds],
    schema: z.string().transform((raw, ctx) => {
      const parts = raw.split(',').map((part) => part.trim());
      const values = parts.map(Number);
      const bad = parts.filter(
        (part, i) => !/^\d+$/.test(part) || values[i]! < 60 || values[i]! > maxLifetimeSeconds,
      );
      if (bad.length === 0) return [...new Set(values)].sort((a, b) => a - b);
      ctx.addIssue({
        code: 'custom',
        message: `must be comma-separated whole seconds from 60 to ${maxLifetimeSeconds} (bad: ${bad.join(', ')})`,
      });
      return z.NEVER;
    }),
  } as Variable<number[]>,
  CODE_MIN_DIGITS: int(configDefaults.codeMinDigits, 4, 12),
  CODE_MAX_DIGITS: int(configDefaults.codeMaxDigits, 4, 12),
  CODE_MAX_DENSITY: fraction(0.01, (v) => v > 0 && v <= 0.5, 'a number above 0 and at most 0.5'),
  CODE_HARD_DENSITY: fraction(0.05, (v) => v > 0 && v <= 1, 'a number from CODE_MAX_DENSITY to 1'),
  SWEEP_INTERVAL_SECONDS: int(60, 1, 86_400),
  UNLOCK_MAX_FAILURES: int(configDefaults.unlockMaxFailures, 1, 1_000),
  RATE_LIMIT_CREATES: int(100, 1, 1_000_000),
  RATE_LIMIT_MISSES: int(30, 1, 1_000_000),
  RATE_LIMIT_DISABLED: bool(false),
  // A /64 is what one IPv6 subscriber usually holds; a prefix shorter than /32 would lump
  // whole providers together.
  RATE_LIMIT_IPV6_PREFIX: int(64, 32, 128),
  RATE_LIMIT_SIGN_INS: int(20, 1, 10_000),
  RATE_LIMIT_UPLOAD_BYTES: int(1_073_741_824, 1, Number.MAX_SAFE_INTEGER),
  MAX_STORAGE_BYTES: int(0, 0, Number.MAX_SAFE_INTEGER),
  REQUEST_TIMEOUT_SECONDS: int(300, 1, 86_400),
  SHUTDOWN_DRAIN_SECONDS: int(20, 1, 3_600),
  DOWNLOAD_URL_TRANSFERS: int(3, 1, 100),
  HEALTH_MIN_FREE_BYTES: int(104_857_600, 0, Number.MAX_SAFE_INTEGER),
  TRUST_PROXY: {
    fallback: false,
    schema: z.string().transform((raw, ctx): Config['trustProxy'] => {
      if (raw === 'false') return false;
      // `true` would believe any X-Forwarded-For, so every client could pick its own
      // address (and walk past the per-address limits): name the proxies, or count them.
      if (raw === 'true') {
        ctx.addIssue({
          code: 'custom',
          message:
            'must not be true: that would let any client choose its address; give the proxy addresses/CIDRs (e.g. 10.0.0.0/8) or a hop count (e.g. 1)',
        });
        return z.NEVER;
      }
      if (/^\d+$/.test(raw)) return Number(raw);
      // Otherwise a comma-separated list of addresses/CIDRs, as Fastify's trustProxy takes.
      if (/^[0-9a-fA-F:.,/\s]+$/.test(raw)) {
        const problem = trustedProxiesProblem(raw);
        if (problem === null) return raw;
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count or a list of addresses (got "${raw}")`,
      });
      return z.NEVER;
    }),
  } as Variable<Config['trustProxy']>,
  ADS_CLIENT_ID: text(null),
  LOG_LEVEL: oneOf(logLevels, 'info'),
  WORKERS: int(availableParallelism(), 1, 256),
  WEB_DIST_DIR: text(null),
};
