import { type Kysely, type Migration } from 'kysely';

/**
 * `reports.reporter_network`: a keyed hash of the reporter's network (its /24 for IPv4, /48
 * for IPv6), so that a quarantine needs reporters from ABUSE_QUARANTINE_NETWORKS networks
 * and one subscriber's many addresses cannot quarantine a share alone. Reports filed before
 * have none; each of them counts as a network of its own.
 */
export const reportNetworks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('reports').addColumn('reporter_network', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('reports').dropColumn('reporter_network').execute();
  },
};
