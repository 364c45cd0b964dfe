import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/port.js';

type Db = Kysely<Database>;

// The shares repository's reads for the operator's console (modules/moderation/
// admin-queries.ts). None is on a visitor's path: plain queries, a few a minute at most.

/** Live shares (not gone, not expired, not quarantined) by type. */
export async function liveSharesByType(db: Db, now: Date) {
  return db
    .selectFrom('shares')
    .select(['type', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('gone', '=', false)
    .where('expires_at', '>', now)
    .where('quarantined_at', 'is', null)
    .groupBy('type')
    .execute();
}

export async function countSharesCreatedSince(db: Db, since: Date) {
  const row = await db
    .selectFrom('shares')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function countQuarantined(db: Db) {
  const row = await db
    .selectFrom('shares')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('quarantined_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The rows of the report queue's shares: what the queue shows of each. */
export async function queueShares(db: Db, codes: readonly string[]) {
  return db
    .selectFrom('shares')
    .select(['code', 'type', 'is_encrypted', 'gone', 'expires_at', 'quarantined_at'])
    .where('code', 'in', codes)
    .execute();
}

/** A share's row as the operator sees it; undefined when there is none. */
export async function consoleShare(db: Db, code: string) {
  return db
    .selectFrom('shares')
    .select([
      'code',
      'type',
      'content',
      'is_encrypted',
      'gone',
      'created_at',
      'expires_at',
      'quarantined_at',
      'total_bytes',
      'files',
      'download_count',
      'max_downloads',
      'request_info',
      'max_submissions',
      'submission_count',
    ])
    .where('code', '=', code)
    .executeTakeFirst();
}
