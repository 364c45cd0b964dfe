// A database of its own on the local PostgreSQL for a bench row, as a fresh instance
// would have: the PostgreSQL rows and the live rooms' edit latency each take one.
import { randomBytes } from 'node:crypto';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Runs `work` with the URL of a new database, and drops the database after it whatever
 * happened (`work` stops its servers first). pg is loaded only by the rows that use it.
 */
export async function withFreshDatabase(prefix, work) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
