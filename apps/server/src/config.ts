import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { configDefaults, downloadLimit } from '@codedrop/contract';
import { envReader, type Env } from './env-reader.js';

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
  };
  redisUrl: string | null;
  redisKeyPrefix: string;
  smtpUrl: string | null;
  mailFrom: string;
  recoveryKey: string | null;
  recoveryKeyPrevious: string | null;
  urlSigningKey: string | null;
  metricsToken: string | null;
  maxFileBytes: number;
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

const maxLifetimeSeconds = configDefaults.defaultExpirySeconds;
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Parses the environment; throws one ConfigError naming every bad variable. */
export function loadConfig(env: Env): Readonly<Config> {
  const problems: string[] = [];
  const { read, int, fraction, bool, url, secret } = envReader(env, problems);

  const dataDir = read('DATA_DIR') ?? './data';
  const databaseUrl = read('DATABASE_URL');
  let database: Config['database'] = { kind: 'sqlite', file: `${dataDir}/codedrop.db` };
  if (databaseUrl !== undefined) {
    if (/^postgres(ql)?:\/\//.test(databaseUrl)) database = { kind: 'postgres', url: databaseUrl };
    else if (databaseUrl.startsWith('sqlite:')) {
      const file = databaseUrl.slice('sqlite:'.length).replace(/^\/\//, '');
      if (file === '') problems.push('DATABASE_URL sqlite: needs a file path (sqlite:./data/x.db)');
      else database = { kind: 'sqlite', file };
    } else problems.push('DATABASE_URL must start with postgres://, postgresql:// or sqlite:');
  }

  const storage = read('STORAGE') ?? 'local';
  if (storage !== 'local' && storage !== 's3') {
    problems.push(`STORAGE must be "local" or "s3" (got "${storage}")`);
  }
  const s3Bucket = read('S3_BUCKET') ?? '';
  if (storage === 's3' && s3Bucket === '') problems.push('S3_BUCKET is required when STORAGE=s3');

  const expiryChoices = parseExpiryChoices(read('EXPIRY_CHOICES'), problems);
  const codeMinDigits = int('CODE_MIN_DIGITS', configDefaults.codeMinDigits, 4, 12);
  const codeMaxDigits = int('CODE_MAX_DIGITS', configDefaults.codeMaxDigits, 4, 12);
  if (codeMaxDigits < codeMinDigits) {
    problems.push('CODE_MAX_DIGITS must be at least CODE_MIN_DIGITS');
  }
  const codeMaxDensity = fraction(
    'CODE_MAX_DENSITY',
    0.01,
    (value) => value > 0 && value <= 0.5,
    'a number above 0 and at most 0.5',
  );
  const codeHardDensity = fraction(
    'CODE_HARD_DENSITY',
    0.05,
    (value) => value > 0 && value <= 1 && value >= codeMaxDensity,
    'a number from CODE_MAX_DENSITY to 1',
  );

  const logLevel = read('LOG_LEVEL') ?? 'info';
  if (!logLevels.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${logLevel}")`);
  }

  const config: Config = {
    port: int('PORT', 3000, 0, 65_535),
    host: read('HOST') ?? '0.0.0.0',
    publicUrl: url('PUBLIC_URL', ['http:', 'https:'])?.replace(/\/+$/, '') ?? null,
    dataDir,
    secretsFile: read('SECRETS_FILE') ?? join(dataDir, 'secrets.json'),
    database,
    storage: storage === 's3' ? 's3' : 'local',
    s3: {
      endpoint: url('S3_ENDPOINT', ['http:', 'https:']),
      bucket: s3Bucket,
      region: read('S3_REGION') ?? 'us-east-1',
      accessKeyId: read('S3_ACCESS_KEY_ID') ?? null,
      secretAccessKey: read('S3_SECRET_ACCESS_KEY') ?? null,
      forcePathStyle: bool('S3_FORCE_PATH_STYLE', false),
    },
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: read('REDIS_KEY_PREFIX') ?? 'codedrop:',
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read('MAIL_FROM') ?? 'CodeDrop <no-reply@localhost>',
    recoveryKey: secret('RECOVERY_KEY'),
    recoveryKeyPrevious: secret('RECOVERY_KEY_PREVIOUS'),
    urlSigningKey: secret('URL_SIGNING_KEY'),
    metricsToken: read('METRICS_TOKEN') ?? null,
    // An integer column holds file sizes, so 2 GiB − 1 is the ceiling.
    maxFileBytes: int('MAX_FILE_BYTES', configDefaults.maxFileBytes, 1, 2_147_483_647),
    maxTextChars: int('MAX_TEXT_CHARS', configDefaults.maxTextChars, 1, 1_000_000),
    maxNoteChars: int('MAX_NOTE_CHARS', configDefaults.maxNoteChars, 1, 1_000_000),
    expiryChoicesSeconds: expiryChoices,
    defaultExpirySeconds: expiryChoices.includes(maxLifetimeSeconds)
      ? maxLifetimeSeconds
      : Math.max(...expiryChoices),
    codeMinDigits,
    codeMaxDigits,
    codeMaxDensity,
    codeHardDensity,
    sweepIntervalSeconds: int('SWEEP_INTERVAL_SECONDS', 60, 1, 86_400),
    unlockMaxFailures: int('UNLOCK_MAX_FAILURES', configDefaults.unlockMaxFailures, 1, 1_000),
    rateLimitCreates: int('RATE_LIMIT_CREATES', 100, 1, 1_000_000),
    rateLimitMisses: int('RATE_LIMIT_MISSES', 30, 1, 1_000_000),
    rateLimitDisabled: bool('RATE_LIMIT_DISABLED', false),
    rateLimitUploadBytes: int('RATE_LIMIT_UPLOAD_BYTES', 1_073_741_824, 1, Number.MAX_SAFE_INTEGER),
    maxStorageBytes: int('MAX_STORAGE_BYTES', 0, 0, Number.MAX_SAFE_INTEGER),
    requestTimeoutSeconds: int('REQUEST_TIMEOUT_SECONDS', 300, 1, 86_400),
    downloadUrlTransfers: int('DOWNLOAD_URL_TRANSFERS', 3, 1, 100),
    s3PresignedDownloads: bool('S3_PRESIGNED_DOWNLOADS', false),
    healthMinFreeBytes: int('HEALTH_MIN_FREE_BYTES', 104_857_600, 0, Number.MAX_SAFE_INTEGER),
    trustProxy: parseTrustProxy(read('TRUST_PROXY'), problems),
    adsClientId: read('ADS_CLIENT_ID') ?? null,
    logLevel,
    workers: int('WORKERS', availableParallelism(), 1, 256),
    webDistDir: read('WEB_DIST_DIR') ?? null,
    downloadLimit: { ...downloadLimit },
  };
  if ((config.s3.accessKeyId === null) !== (config.s3.secretAccessKey === null)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be given together');
  }
  if (config.metricsToken !== null && config.metricsToken.length < 16) {
    problems.push('METRICS_TOKEN must be at least 16 characters long');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

function parseExpiryChoices(raw: string | undefined, problems: string[]): number[] {
  const fallback = [...configDefaults.expiryChoicesSeconds];
  if (raw === undefined) return fallback;
  const parts = raw.split(',').map((part) => part.trim());
  const values = parts.map(Number);
  const bad = parts.filter(
    (part, i) => !/^\d+$/.test(part) || values[i]! < 60 || values[i]! > maxLifetimeSeconds,
  );
  if (bad.length > 0 || parts.length === 0) {
    problems.push(
      `EXPIRY_CHOICES must be comma-separated whole seconds from 60 to ${maxLifetimeSeconds} (bad: ${bad.join(', ') || 'empty'})`,
    );
    return fallback;
  }
  return [...new Set(values)].sort((a, b) => a - b);
}

function parseTrustProxy(raw: string | undefined, problems: string[]): Config['trustProxy'] {
  if (raw === undefined || raw === 'false') return false;
  // `true` would believe any X-Forwarded-For, so every client could pick its own address
  // (and walk past the per-address limits): name the proxies, or how many there are.
  if (raw === 'true') {
    problems.push(
      'TRUST_PROXY=true would let any client choose its address; give the proxy addresses/CIDRs (e.g. 10.0.0.0/8) or a hop count (e.g. 1)',
    );
    return false;
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  // Otherwise a comma-separated list of addresses/CIDRs, as Fastify's trustProxy accepts.
  if (/^[0-9a-fA-F:.,/\s]+$/.test(raw)) return raw;
  problems.push(`TRUST_PROXY must be false, a hop count or a list of addresses (got "${raw}")`);
  return false;
}
