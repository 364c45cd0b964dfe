import { type Kysely, type Migration } from 'kysely';

/**
 * A table /healthz writes to inside a transaction it always rolls back: proof that the
 * database can take a write right now (not full, not read-only, schema in place), while
 * nothing is ever kept in it.
 */
export const healthProbe: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('health_probe').addColumn('payload', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('health_probe').execute();
  },
};
