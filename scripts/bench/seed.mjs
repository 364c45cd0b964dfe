// Rows written straight into CodeDrop's SQLite file (the server stopped), for the measures
// that need far more shares than the API could create in the bench's time.
import { randomInt } from 'node:crypto';
import Database from 'better-sqlite3';

/**
 * Adds `count` clipboard shares with random codes of `digits` digits: live for a day, or
 * expired a minute ago (then due for the sweeper).
 */
export function seedShares(file, count, { expired = false, digits = 9 } = {}) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  const now = Date.now();
  const created = new Date(now - 120_000).toISOString();
  const until = new Date(expired ? now - 60_000 : now + 86_400_000).toISOString();
  const insert = db.prepare(
    `insert or ignore into shares (code, type, content, is_encrypted, failed_unlocks,
       created_at, expires_at, reclaim_after, gone, download_count, burn_after_reading,
       delete_token_hash)
     values (?, 'clipboard', 'a seeded share', 0, 0, ?, ?, ?, 0, 0, 0, 'seeded')`,
  );
  const low = 10 ** (digits - 1);
  const high = 10 ** digits;
  db.transaction(() => {
    for (let added = 0; added < count;) {
      added += insert.run(String(randomInt(low, high)), created, until, until).changes;
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
