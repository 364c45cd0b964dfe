import { join } from 'node:path';
import { downloadLimit } from '@codedrop/contract';
import { maxLifetimeSeconds, variables } from './config-variables.js';
import { readEnv, type Env } from './env-schema.js';

/**
 * Environment → typed, frozen configuration (README.md#configuration). Every variable is checked
 * and every bad one is reported at once, so an operator fixes them in one go.
 */
export interface Config {
  port: number;
  host: string;
  publicUrl: string | null;
  dataDir: string;
  /** Where generated secrets are kept. */
  secretsFile: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  storage: 'local' | 's3';
  s3: {
    endpoint: string | null;
    bucket: string;
    region: string;
    accessKeyId: string | null;
    secretAccessKey: string | null;
    forcePathStyle: boolean;
    /** Bytes the multipart part buffers of all uploads in a process may take together. */
    uploadBufferBytes: number;
  };
  redisUrl: string | null;
  redisKeyPrefix: string;
  smtpUrl: string | null;
  mailFrom: string;
  recoveryKey: string | null;
  recoveryKeyPrevious: string | null;
  urlSigningKey: string | null;
  metricsToken: string | null;
  /** Bytes of one file share: of its one file, or of all its files together. */
  maxFileBytes: number;
  maxFilesPerShare: number;
  /** The most bytes one PATCH of a resumable upload may carry. */
  uploadChunkBytes: number;
  /** A resumable upload without progress for this long is abandoned and reclaimed. */
  uploadStallSeconds: number;
  /** What one client's running resumable uploads may hold: how many, and bytes not yet sent. */
  uploadReservations: { perClient: number; bytesPerClient: number };
  /** Running uploads are reclaimed when they stay below these (docs/operations.md). */
  uploadFloor: { firstByteSeconds: number; minBytesPerSecond: number };
  /** The console's scrypt hash; null = no console (/admin answers 404). */
  adminPasswordHash: string | null;
  /** Where each abuse report is mailed; null = reports are only in the console. */
  abuseEmail: string | null;
  /** Distinct reporters that quarantine a share. */
  abuseQuarantineReports: number;
  /** Distinct networks (/24, /48) those reporters must come from. */
  abuseQuarantineNetworks: number;
  /** How long a quarantine keeps an expired share's evidence from being reclaimed. */
  quarantineHoldSeconds: number;
  /** Reports one address may file per hour. */
  rateLimitReports: number;
  maxTextChars: number;
  maxNoteChars: number;
  expiryChoicesSeconds: number[];
  defaultExpirySeconds: number;
  codeMinDigits: number;
  codeMaxDigits: number;
  codeMaxDensity: number;
  codeHardDensity: number;
  sweepIntervalSeconds: number;
  unlockMaxFailures: number;
  rateLimitCreates: number;
  rateLimitMisses: number;
  rateLimitDisabled: boolean;
  /** IPv6 clients are counted by this prefix of their address (IPv4 ones by address). */
  rateLimitIpv6Prefix: number;
  /** Console sign-in attempts per minute from all addresses together. */
  rateLimitSignIns: number;
  /** Bytes one address may upload per hour. */
  rateLimitUploadBytes: number;
  /** Total bytes of live files; 0 = no quota. */
  maxStorageBytes: number;
  /** Free bytes DATA_DIR's disk needs for /healthz to pass (when it holds data); 0 = no check. */
  healthMinFreeBytes: number;
  /** Complete transfers one download URL may serve. */
  downloadUrlTransfers: number;
  /** S3: presigned bucket URLs instead of /api/blobs (transfers then go uncounted). */
  s3PresignedDownloads: boolean;
  /** A request still arriving after this long is answered 408. */
  requestTimeoutSeconds: number;
  /** How long a shutdown lets running requests finish before answering them 503. */
  shutdownDrainSeconds: number;
  trustProxy: false | string | number;
  adsClientId: string | null;
  logLevel: string;
  /** Worker processes sharing the port; 1 runs in this process. */
  workers: number;
  webDistDir: string | null;
  downloadLimit: { min: number; max: number; default: number };
}

export type { Env };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws one ConfigError naming every bad variable. */
export function loadConfig(env: Env): Readonly<Config> {
  const problems: string[] = [];
  const v = readEnv(env, variables, problems);

  if (v.CODE_MAX_DIGITS < v.CODE_MIN_DIGITS) {
    problems.push('CODE_MAX_DIGITS must be at least CODE_MIN_DIGITS');
  }
  if (v.CODE_HARD_DENSITY < v.CODE_MAX_DENSITY) {
    problems.push(
      `CODE_HARD_DENSITY must be a number from CODE_MAX_DENSITY to 1 (got "${env.CODE_HARD_DENSITY?.trim()}")`,
    );
  }
  if ((v.ABUSE_QUARANTINE_NETWORKS ?? 0) > v.ABUSE_QUARANTINE_REPORTS) {
    problems.push('ABUSE_QUARANTINE_NETWORKS must be at most ABUSE_QUARANTINE_REPORTS');
  }
  if ((v.UPLOAD_RESERVED_BYTES_PER_CLIENT ?? Infinity) < v.MAX_FILE_BYTES) {
    problems.push('UPLOAD_RESERVED_BYTES_PER_CLIENT must be at least MAX_FILE_BYTES');
  }
  if (v.STORAGE === 's3' && v.S3_BUCKET === '') {
    problems.push('S3_BUCKET is required when STORAGE=s3');
  }
  if ((v.S3_ACCESS_KEY_ID === null) !== (v.S3_SECRET_ACCESS_KEY === null)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be given together');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const expiryChoices = v.EXPIRY_CHOICES;
  const config: Config = {
    port: v.PORT,
    host: v.HOST,
    publicUrl: v.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    dataDir: v.DATA_DIR,
    secretsFile: v.SECRETS_FILE ?? join(v.DATA_DIR, 'secrets.json'),
    database: v.DATABASE_URL ?? { kind: 'sqlite', file: `${v.DATA_DIR}/codedrop.db` },
    storage: v.STORAGE,
    s3: {
      endpoint: v.S3_ENDPOINT,
      bucket: v.S3_BUCKET,
      region: v.S3_REGION,
      accessKeyId: v.S3_ACCESS_KEY_ID,
      secretAccessKey: v.S3_SECRET_ACCESS_KEY,
      forcePathStyle: v.S3_FORCE_PATH_STYLE,
      uploadBufferBytes: v.S3_UPLOAD_BUFFER_BYTES,
    },
    redisUrl: v.REDIS_URL,
    redisKeyPrefix: v.REDIS_KEY_PREFIX,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    recoveryKey: v.RECOVERY_KEY,
    recoveryKeyPrevious: v.RECOVERY_KEY_PREVIOUS,
    urlSigningKey: v.URL_SIGNING_KEY,
    metricsToken: v.METRICS_TOKEN,
    maxFileBytes: v.MAX_FILE_BYTES,
    maxFilesPerShare: v.MAX_FILES_PER_SHARE,
    uploadChunkBytes: v.UPLOAD_CHUNK_BYTES,
    uploadStallSeconds: v.UPLOAD_STALL_SECONDS,
    uploadReservations: {
      perClient: v.UPLOAD_RESERVATIONS_PER_CLIENT,
      bytesPerClient: v.UPLOAD_RESERVED_BYTES_PER_CLIENT ?? 2 * v.MAX_FILE_BYTES,
    },
    uploadFloor: {
      firstByteSeconds: v.UPLOAD_FIRST_BYTE_SECONDS,
      minBytesPerSecond: v.UPLOAD_MIN_BYTES_PER_SECOND,
    },
    adminPasswordHash: v.ADMIN_PASSWORD_HASH,
    abuseEmail: v.ABUSE_EMAIL,
    abuseQuarantineReports: v.ABUSE_QUARANTINE_REPORTS,
    abuseQuarantineNetworks: v.ABUSE_QUARANTINE_NETWORKS ?? v.ABUSE_QUARANTINE_REPORTS,
    quarantineHoldSeconds: v.QUARANTINE_HOLD_SECONDS,
    rateLimitReports: v.RATE_LIMIT_REPORTS,
    maxTextChars: v.MAX_TEXT_CHARS,
    maxNoteChars: v.MAX_NOTE_CHARS,
    expiryChoicesSeconds: expiryChoices,
    defaultExpirySeconds: expiryChoices.includes(maxLifetimeSeconds)
      ? maxLifetimeSeconds
      : Math.max(...expiryChoices),
    codeMinDigits: v.CODE_MIN_DIGITS,
    codeMaxDigits: v.CODE_MAX_DIGITS,
    codeMaxDensity: v.CODE_MAX_DENSITY,
    codeHardDensity: v.CODE_HARD_DENSITY,
    sweepIntervalSeconds: v.SWEEP_INTERVAL_SECONDS,
    unlockMaxFailures: v.UNLOCK_MAX_FAILURES,
    rateLimitCreates: v.RATE_LIMIT_CREATES,
    rateLimitMisses: v.RATE_LIMIT_MISSES,
    rateLimitDisabled: v.RATE_LIMIT_DISABLED,
    rateLimitIpv6Prefix: v.RATE_LIMIT_IPV6_PREFIX,
    rateLimitSignIns: v.RATE_LIMIT_SIGN_INS,
    rateLimitUploadBytes: v.RATE_LIMIT_UPLOAD_BYTES,
    maxStorageBytes: v.MAX_STORAGE_BYTES,
    requestTimeoutSeconds: v.REQUEST_TIMEOUT_SECONDS,
    shutdownDrainSeconds: v.SHUTDOWN_DRAIN_SECONDS,
    downloadUrlTransfers: v.DOWNLOAD_URL_TRANSFERS,
    s3PresignedDownloads: v.S3_PRESIGNED_DOWNLOADS,
    healthMinFreeBytes: v.HEALTH_MIN_FREE_BYTES,
    trustProxy: v.TRUST_PROXY,
    adsClientId: v.ADS_CLIENT_ID,
    logLevel: v.LOG_LEVEL,
    workers: v.WORKERS,
    webDistDir: v.WEB_DIST_DIR,
    downloadLimit: { ...downloadLimit },
  };
  return Object.freeze(config);
}
