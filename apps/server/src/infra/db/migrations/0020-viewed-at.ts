import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../schema.js';

/**
 * When a share was first looked up by someone (docs/design.md#a-creators-live-view): set
 * once, by the first lookup that finds it unset, so a share costs one write for it however
 * often it is read. Its creator's result card shows "Opened" from then on.
 */
export function viewedAt(dialect: Dialect): Migration {
  const timestamp = dialect === 'sqlite' ? 'text' : 'timestamptz';
  return {
    up: async (db: Kysely<unknown>) => {
      await db.schema.alterTable('shares').addColumn('viewed_at', timestamp).execute();
    },
    down: async (db: Kysely<unknown>) => {
      await db.schema.alterTable('shares').dropColumn('viewed_at').execute();
    },
  };
}
