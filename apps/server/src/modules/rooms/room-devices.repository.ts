import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../../infra/db/port.js';
import { writeTransaction } from '../../infra/db/port.js';
import { lockRoomRow } from '../shares/repository/index.js';

type Db = Kysely<Database>;

// The only SQL on `room_devices`: the devices connected to rooms now, each row held by one
// connection (`holder`: its process, then the connection's number there). A process says
// every few seconds that its connections are still open (`keepHolding`); a row not renewed
// for `staleMs` stops counting, so the devices of a process that died free their places.

export interface DeviceJoin {
  code: string;
  device: string;
  holder: string;
  now: Date;
  staleMs: number;
  maxDevices: number;
}

/**
 * Counts the device in, or answers null when the room already has `maxDevices` others. One
 * transaction, with the room's row locked on PostgreSQL, so that joins arriving at once on
 * any number of instances never let in more than the limit. A device that joins again
 * (a reconnect) takes over its own row.
 */
export async function joinRoom(
  db: Db,
  dialect: Dialect,
  join: DeviceJoin,
): Promise<{ devices: number } | null> {
  const staleBefore = new Date(join.now.getTime() - join.staleMs);
  return writeTransaction(db, async (trx) => {
    // SQLite's write transaction is the lock: one writer at a time.
    if (dialect === 'postgres') await lockRoomRow(trx, join.code);
    await trx
      .deleteFrom('room_devices')
      .where('code', '=', join.code)
      .where('seen_at', '<', staleBefore)
      .execute();
    const others = await trx
      .selectFrom('room_devices')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('code', '=', join.code)
      .where('device', '!=', join.device)
      .executeTakeFirstOrThrow();
    const count = Number(others.count);
    if (count >= join.maxDevices) return null;
    await trx
      .insertInto('room_devices')
      .values({ code: join.code, device: join.device, holder: join.holder, seen_at: join.now })
      .onConflict((oc) =>
        oc.columns(['code', 'device']).doUpdateSet({ holder: join.holder, seen_at: join.now }),
      )
      .execute();
    return { devices: count + 1 };
  });
}

/** The connection `holder` closed: its device leaves, unless another connection took it. */
export async function leaveRoom(db: Db, code: string, device: string, holder: string) {
  await db
    .deleteFrom('room_devices')
    .where('code', '=', code)
    .where('device', '=', device)
    .where('holder', '=', holder)
    .execute();
}

/** Devices connected to the room now (rows renewed within `staleMs`). */
export async function countDevices(db: Db, code: string, now: Date, staleMs: number) {
  const row = await db
    .selectFrom('room_devices')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('code', '=', code)
    .where('seen_at', '>=', new Date(now.getTime() - staleMs))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Renews the rows of this process's open connections (`holders` of `process`), and deletes
 * rows nobody renewed for twice `staleMs`: a process that died, or a room that ended.
 */
export async function keepHolding(
  db: Db,
  process: string,
  now: Date,
  staleMs: number,
): Promise<void> {
  await db
    .updateTable('room_devices')
    .set({ seen_at: now })
    .where('holder', 'like', `${process}:%`)
    .execute();
  await db
    .deleteFrom('room_devices')
    .where('seen_at', '<', new Date(now.getTime() - 2 * staleMs))
    .execute();
}

/** This process is stopping: its connections are closed. */
export async function releaseHolder(db: Db, process: string): Promise<void> {
  await db.deleteFrom('room_devices').where('holder', 'like', `${process}:%`).execute();
}
