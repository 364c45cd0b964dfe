import type { Kysely } from 'kysely';
import type { Database } from '../../src/infra/db/port.js';
import { createSharesInserter, type NewShare } from '../../src/modules/shares/repository/index.js';

/** The moment the rows below were made; they expire an hour after it. */
export const now = new Date();
const later = new Date(now.getTime() + 3_600_000);

/** A live text share's row, written straight to the table: its text names its code. */
export const shareRow = (code: string, extra: Partial<NewShare> = {}): NewShare => ({
  code,
  type: 'clipboard',
  content: `text of ${code}`,
  delete_token_hash: 'h',
  created_at: now,
  expires_at: later,
  reclaim_after: later,
  ...extra,
});

/** Inserts one share as the allocator does (a statement of one row): whether it was stored. */
export function shareInserter(db: Kysely<Database>) {
  const insert = createSharesInserter(db);
  return async (row: NewShare, on?: Kysely<Database>) => (await insert([row], on)).has(row.code);
}
