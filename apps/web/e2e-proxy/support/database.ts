import { randomBytes } from 'node:crypto';
import pg from 'pg';

// The databases and Redis the server's suites use (README: TEST_DATABASE_URL, TEST_REDIS_URL).
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** An empty PostgreSQL database for this run, dropped (connections and all) afterwards. */
export async function createDatabase(): Promise<FreshDatabase> {
  const name = `codedrop_proxy_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
