import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../../infra/db/port.js';

type Db = Kysely<Database>;

// The audit log's table: what the console's operators did (docs/design.md#moderation).

export async function insertAudit(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** The latest `limit` entries, newest first. */
export async function latestAudit(db: Db, limit: number) {
  return db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export async function deleteAuditBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('audit_log').where('at', '<', before).execute();
}
