import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';

type Db = Kysely<Database>;

/**
 * Takes one of a download URL's `max` complete transfers, before the transfer starts, in
 * one statement (an upsert whose update is conditional): however many requests arrive at
 * once, at most `max` are ever served to the end. False when every transfer is taken.
 */
export async function takeTransfer(
  db: Db,
  nonce: string,
  max: number,
  expiresAt: Date,
): Promise<boolean> {
  const row = await db
    .insertInto('download_grants')
    .values({ nonce, transfers: 1, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('nonce')
        .doUpdateSet({ transfers: sql`download_grants.transfers + 1` })
        .where('download_grants.transfers', '<', max),
    )
    .returning('transfers')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a transfer back: it was cut off before its last byte, so the URL may try again. */
export async function refundTransfer(db: Db, nonce: string): Promise<void> {
  await db
    .updateTable('download_grants')
    .set({ transfers: sql`transfers - 1` })
    .where('nonce', '=', nonce)
    .where('transfers', '>', 0)
    .execute();
}

/** Forgets the counts of URLs that have expired (they are refused by their token anyway). */
export async function deleteExpiredGrants(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('download_grants')
    .where('expires_at', '<', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
