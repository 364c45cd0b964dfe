import { sql, type Migration } from 'kysely';
import type { Dialect } from '../schema.js';
import { inOneTransaction, widenTypeCheck } from './0018-requests.js';

const withRequests = `type in ('clipboard', 'notepad', 'file', 'request')`;
const withRooms = `type in ('clipboard', 'notepad', 'file', 'request', 'room')`;

/**
 * Live rooms (docs/design.md#live-rooms). A room is a row of `shares` with `type = 'room'`:
 * its code, lifetime, delete token, sweeping and unlock lockout are a share's. Its text is
 * `content` (plain, or the sealed text as JSON), and its own columns say which edit that is:
 * - `room_version`, counted up by every edit; `room_base_version`, the version the editing
 *   device had seen (lower than the one before: it overtook edits); `room_device`, its id.
 * `room_devices` holds the devices connected now, one row each with the connection that holds
 * it and when its process last said it still does: a room's count and its limit hold
 * across instances, and the rows of a process that died stop counting once stale.
 */
export function rooms(dialect: Dialect): Migration {
  const sqlite = dialect === 'sqlite';
  const timestamp = sqlite ? 'text' : 'timestamptz';
  return {
    up: (db) =>
      inOneTransaction(sqlite, db, async (db) => {
        await widenTypeCheck(dialect, db, withRequests, withRooms);
        await db.schema
          .alterTable('shares')
          .addColumn('room_version', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .alterTable('shares')
          .addColumn('room_base_version', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable('shares').addColumn('room_device', 'text').execute();
        await db.schema
          .createTable('room_devices')
          .addColumn('code', 'text', (c) => c.notNull())
          .addColumn('device', 'text', (c) => c.notNull())
          .addColumn('holder', 'text', (c) => c.notNull())
          .addColumn('seen_at', timestamp, (c) => c.notNull())
          .addPrimaryKeyConstraint('room_devices_pk', ['code', 'device'])
          .execute();
        await db.schema
          .createIndex('room_devices_holder')
          .on('room_devices')
          .column('holder')
          .execute();
      }),
    down: (db) =>
      inOneTransaction(sqlite, db, async (db) => {
        await db.schema.dropTable('room_devices').execute();
        await sql`delete from shares where type = 'room'`.execute(db);
        await db.schema.alterTable('shares').dropColumn('room_device').execute();
        await db.schema.alterTable('shares').dropColumn('room_base_version').execute();
        await db.schema.alterTable('shares').dropColumn('room_version').execute();
        await widenTypeCheck(dialect, db, withRooms, withRequests);
      }),
  };
}
