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
  // A fixture, written once and checkpointed below: SQLite need not wait for the disk, and
  // its page cache holds the table and its indexes (2 MiB by default, so the million rows'
  // index pages went out and back in). The million rows, three runs each in turn: 8.5–9.2 s
  // before, 7.2–7.8 s with these (2026-11-26, a slow day).
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const now = Date.now();
  const created = new Date(now - 120_000).toISOString();
  const until = new Date(expired ? now - 60_000 : now + 86_400_000).toISOString();
  const columns = `insert or ignore into shares (code, type, content, is_encrypted,
       failed_unlocks, created_at, expires_at, reclaim_after, gone, download_count,
       burn_after_reading, delete_token_hash)`;
  const values = `'clipboard', 'a seeded share', 0, 0, ?, ?, ?, 0, 0, 0, 'seeded'`;
  // The codes go in as JSON arrays that SQLite unpacks itself (json_each), 50 000 rows a
  // statement: one call per row from JavaScript made the million rows take 23 s in a slow
  // hour, this 6 s.
  const insertMany = db.prepare(`${columns} select value, ${values} from json_each(?)`);
  const insertOne = db.prepare(`${columns} values (?, ${values})`);
  const low = 10 ** (digits - 1);
  const high = 10 ** digits;
  // Random codes inserted in ascending order: the code index then grows at its end instead
  // of splitting pages all over, which took the million rows from 17.5 s to 14 s. The rows
  // are the same; only the order they were written in differs.
  const codes = new Set();
  while (codes.size < count) codes.add(randomInt(low, high));
  const ascending = [...codes].sort((a, b) => a - b).map(String);
  db.transaction(() => {
    let added = 0;
    for (let i = 0; i < ascending.length; i += 50_000) {
      const batch = JSON.stringify(ascending.slice(i, i + 50_000));
      added += insertMany.run(created, until, until, batch).changes;
    }
    // A code that was taken already (the share made through the API) is made up for.
    while (added < count) {
      added += insertOne.run(String(randomInt(low, high)), created, until, until).changes;
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
