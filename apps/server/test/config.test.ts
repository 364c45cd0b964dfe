import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configDefaults } from '@codedrop/contract';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { resolveSecrets } from '../src/config/secrets.js';

describe('loadConfig', () => {
  it('defaults what GET /api/config tells the web app to the contract defaults it renders with', () => {
    const config = loadConfig({});
    const told = Object.fromEntries(
      Object.keys(configDefaults).map((key) => [key, config[key as keyof typeof configDefaults]]),
    );
    expect(told).toEqual(configDefaults);
  });

  it('runs with no configuration at all: SQLite in ./data, port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(config.database).toEqual({ kind: 'sqlite', file: './data/codedrop.db' });
    expect(config.storage).toBe('local');
    expect(config.maxFileBytes).toBe(52_428_800);
    expect(config.maxTextChars).toBe(100_000);
    expect(config.maxNoteChars).toBe(500_000);
    expect(config.expiryChoicesSeconds).toEqual([600, 3600, 21600, 86400]);
    expect(config.defaultExpirySeconds).toBe(86400);
    expect([config.codeMinDigits, config.codeMaxDigits, config.codeMaxDensity]).toEqual([
      4, 6, 0.01,
    ]);
    expect(config.sweepIntervalSeconds).toBe(60);
    expect(config.unlockMaxFailures).toBe(10);
    expect([config.rateLimitCreates, config.rateLimitMisses]).toEqual([100, 30]);
    expect(config.rateLimitDisabled).toBe(false);
    expect(config.trustProxy).toBe(false);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads PostgreSQL, S3, Redis, SMTP and the limits', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/codedrop',
      STORAGE: 's3',
      S3_BUCKET: 'shared-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: 'smtp://mail:25',
      EXPIRY_CHOICES: '3600, 600',
      TRUST_PROXY: '1',
      PUBLIC_URL: 'https://drop.example/',
    });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/codedrop' });
    expect(config.s3).toMatchObject({ bucket: 'shared-files', forcePathStyle: true });
    expect(config.expiryChoicesSeconds).toEqual([600, 3600]);
    expect(config.defaultExpirySeconds).toBe(3600);
    expect(config.trustProxy).toBe(1);
    expect(config.publicUrl).toBe('https://drop.example');
  });

  it('bounds the S3 part buffers by S3_UPLOAD_BUFFER_BYTES, never below one 5 MiB part', () => {
    expect(loadConfig({}).s3.uploadBufferBytes).toBe(20 * 1024 * 1024);
    const set = loadConfig({ S3_UPLOAD_BUFFER_BYTES: '31457280' });
    expect(set.s3.uploadBufferBytes).toBe(31_457_280);
    expect(() => loadConfig({ S3_UPLOAD_BUFFER_BYTES: '1048576' })).toThrow(ConfigError);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        STORAGE: 'ftp',
        MAX_FILE_BYTES: '-1',
        EXPIRY_CHOICES: '600,100000',
        CODE_MIN_DIGITS: '7',
        CODE_MAX_DIGITS: '5',
        CODE_MAX_DENSITY: '2',
        RATE_LIMIT_DISABLED: 'maybe',
        RECOVERY_KEY: 'short',
        REDIS_URL: 'http://nope',
        LOG_LEVEL: 'loud',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'STORAGE',
      'MAX_FILE_BYTES',
      'EXPIRY_CHOICES',
      'CODE_MAX_DIGITS',
      'CODE_MAX_DENSITY',
      'RATE_LIMIT_DISABLED',
      'RECOVERY_KEY',
      'REDIS_URL',
      'LOG_LEVEL',
    ]) {
      expect(message).toContain(name);
    }
    expect((error as ConfigError).problems.length).toBeGreaterThanOrEqual(11);
  });

  it('checks how clients are grouped and how many networks a quarantine needs', () => {
    const defaults = loadConfig({});
    expect(defaults.rateLimitIpv6Prefix).toBe(64);
    expect(defaults.rateLimitSignIns).toBe(20);
    expect([defaults.abuseQuarantineReports, defaults.abuseQuarantineNetworks]).toEqual([3, 3]);
    // Unset, the networks follow the reporters.
    expect(loadConfig({ ABUSE_QUARANTINE_REPORTS: '1' }).abuseQuarantineNetworks).toBe(1);
    const set = loadConfig({
      RATE_LIMIT_IPV6_PREFIX: '56',
      ABUSE_QUARANTINE_REPORTS: '5',
      ABUSE_QUARANTINE_NETWORKS: '2',
    });
    expect([set.rateLimitIpv6Prefix, set.abuseQuarantineNetworks]).toEqual([56, 2]);
    for (const [name, value] of [
      ['RATE_LIMIT_IPV6_PREFIX', '16'],
      ['RATE_LIMIT_IPV6_PREFIX', '129'],
      ['RATE_LIMIT_IPV6_PREFIX', '/64'],
      ['RATE_LIMIT_SIGN_INS', '0'],
      ['ABUSE_QUARANTINE_NETWORKS', '4'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
  });

  it('requires a bucket for S3 storage', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
  });
});

describe('resolveSecrets', () => {
  it('generates missing secrets once, persists them privately, and reuses them', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'codedrop-secrets-'));
    const first = resolveSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(first.urlSigningKey.length).toBeGreaterThanOrEqual(43);
    expect(first.recoveryKey).not.toBe(first.urlSigningKey);
    const file = join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = resolveSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(second).toEqual(first);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      recoveryKey: first.recoveryKey,
    });
  });

  it('prefers secrets from the environment', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'codedrop-secrets-'));
    const key = 'k'.repeat(40);
    const secrets = resolveSecrets(loadConfig({ DATA_DIR: dataDir, URL_SIGNING_KEY: key }));
    expect(secrets.urlSigningKey).toBe(key);
  });
});
