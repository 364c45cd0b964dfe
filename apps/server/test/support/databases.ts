import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type TestDialect = 'sqlite' | 'postgres';

/**
 * Which databases the contract suites run on: both by default. In CI a missing PostgreSQL
 * fails the run (the connection error fails the tests); nothing is skipped.
 */
export function testDialects(): TestDialect[] {
  const raw = process.env.TEST_DIALECTS ?? 'sqlite,postgres';
  return raw.split(',').map((d) => d.trim()) as TestDialect[];
}

export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  /** DATABASE_URL for the app under test. */
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** A fresh, empty database (and DATA_DIR) per suite, dropped afterwards. */
export async function createTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'codedrop-test-'));
  if (dialect === 'sqlite') {
    return {
      url: `sqlite:${join(dataDir, 'test.db')}`,
      dataDir,
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `codedrop_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
