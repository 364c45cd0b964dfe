import { join } from 'node:path';
import { downloadLimit } from '@codedrop/contract';
import { variables, type VariableValues } from './config-variables.js';
import { camelCased, readEnv, type Env } from './env-schema.js';
import { maxLifetimeSeconds } from './variables-shares.js';

/**
 * Environment → typed, frozen configuration (README.md#configuration). Its type follows from
 * the declarations (config-variables.ts) through `toConfig`; every variable is checked and
 * every bad one is reported at once, so an operator fixes them in one go.
 */
export type Config = ReturnType<typeof toConfig>;

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
  return Object.freeze(toConfig(v));
}

/**
 * The values as the server reads them: each variable under its name in camelCase
 * (MAX_FILE_BYTES → maxFileBytes), but for those taken out below, which join a group or
 * are renamed, and for those whose default is worked out from another variable.
 */
function toConfig(values: VariableValues) {
  const {
    DATABASE_URL,
    EXPIRY_CHOICES,
    S3_ENDPOINT,
    S3_BUCKET,
    S3_REGION,
    S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE,
    S3_UPLOAD_BUFFER_BYTES,
    UPLOAD_RESERVATIONS_PER_CLIENT,
    UPLOAD_RESERVED_BYTES_PER_CLIENT,
    UPLOAD_FIRST_BYTE_SECONDS,
    UPLOAD_MIN_BYTES_PER_SECOND,
    ...plain
  } = values;
  return {
    ...camelCased(plain),
    publicUrl: plain.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    secretsFile: plain.SECRETS_FILE ?? join(plain.DATA_DIR, 'secrets.json'),
    database: DATABASE_URL ?? { kind: 'sqlite' as const, file: `${plain.DATA_DIR}/codedrop.db` },
    s3: {
      endpoint: S3_ENDPOINT,
      bucket: S3_BUCKET,
      region: S3_REGION,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      forcePathStyle: S3_FORCE_PATH_STYLE,
      /** Bytes the multipart part buffers of all uploads in a process may take together. */
      uploadBufferBytes: S3_UPLOAD_BUFFER_BYTES,
    },
    /** What one client's running resumable uploads may hold: how many, and bytes not yet sent. */
    uploadReservations: {
      perClient: UPLOAD_RESERVATIONS_PER_CLIENT,
      bytesPerClient: UPLOAD_RESERVED_BYTES_PER_CLIENT ?? 2 * plain.MAX_FILE_BYTES,
    },
    /** Running uploads are reclaimed when they stay below these (docs/operations.md). */
    uploadFloor: {
      firstByteSeconds: UPLOAD_FIRST_BYTE_SECONDS,
      minBytesPerSecond: UPLOAD_MIN_BYTES_PER_SECOND,
    },
    abuseQuarantineNetworks: plain.ABUSE_QUARANTINE_NETWORKS ?? plain.ABUSE_QUARANTINE_REPORTS,
    expiryChoicesSeconds: EXPIRY_CHOICES,
    defaultExpirySeconds: EXPIRY_CHOICES.includes(maxLifetimeSeconds)
      ? maxLifetimeSeconds
      : Math.max(...EXPIRY_CHOICES),
    downloadLimit: { ...downloadLimit },
  };
}
