import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from './config.js';

export interface Secrets {
  urlSigningKey: string;
  recoveryKey: string;
  recoveryKeyPrevious: string | null;
}

type Generated = Partial<Record<'urlSigningKey' | 'recoveryKey', string>>;

/**
 * Secrets come from the environment; any that is absent is generated once and kept in
 * SECRETS_FILE (DATA_DIR/secrets.json by default, mode 0600), so a single-machine install
 * needs no setup and survives restarts. Instances sharing one database must be given the
 * same values. Backups should keep this file apart from the database: together they undo
 * the recovery escrows.
 */
export function resolveSecrets(config: Config): Secrets {
  const file = config.secretsFile;
  let stored: Generated = {};
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`Cannot read ${file}: ${(error as Error).message}`, { cause: error });
    }
  }
  const generate = () => randomBytes(32).toString('base64url');
  const next: Generated = { ...stored };
  const urlSigningKey = config.urlSigningKey ?? (next.urlSigningKey ??= generate());
  const recoveryKey = config.recoveryKey ?? (next.recoveryKey ??= generate());
  if (JSON.stringify(next) !== JSON.stringify(stored)) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  }
  return { urlSigningKey, recoveryKey, recoveryKeyPrevious: config.recoveryKeyPrevious };
}
