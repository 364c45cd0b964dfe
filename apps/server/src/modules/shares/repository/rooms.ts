import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/port.js';
import { recordColumns, toShareRecord, type ShareRecord } from '../share-record.js';

type Db = Kysely<Database>;

// The shares repository's statements on live rooms (modules/rooms/): rows of `shares` with
// `type = 'room'`. Their text is `content`; lookups by code, unlock attempts, endings and
// reports are a share's statements.

/** A room's text at one version: who made that edit, and on which version it was based. */
export interface RoomText {
  version: number;
  baseVersion: number;
  device: string | null;
  /** Plain text, or the sealed text as JSON (an encrypted room). */
  content: string;
}

export interface RoomRow {
  record: ShareRecord;
  text: RoomText;
}

const roomColumns = [...recordColumns, 'room_version', 'room_base_version', 'room_device'] as const;

/** The room under `code` with its text; null when there is none (or not a room). */
export async function findRoom(db: Db, code: string): Promise<RoomRow | null> {
  const row = await db
    .selectFrom('shares')
    .select(roomColumns)
    .where('code', '=', code)
    .where('type', '=', 'room')
    .executeTakeFirst();
  if (row === undefined) return null;
  return {
    record: toShareRecord(row),
    text: {
      version: Number(row.room_version),
      baseVersion: Number(row.room_base_version),
      device: row.room_device,
      content: row.content ?? '',
    },
  };
}

/**
 * Replaces a live room's text in one conditional UPDATE, counting its version up; null when
 * the room is gone, expired or held for review (the caller asks which).
 */
export async function editRoom(
  db: Db,
  code: string,
  edit: { content: string; baseVersion: number; device: string },
  now: Date,
): Promise<{ version: number } | null> {
  const row = await db
    .updateTable('shares')
    .set((eb) => ({
      content: edit.content,
      room_version: eb('room_version', '+', 1),
      room_base_version: edit.baseVersion,
      room_device: edit.device,
    }))
    .where('code', '=', code)
    .where('type', '=', 'room')
    .where('gone', '=', false)
    .where('expires_at', '>', now)
    .where('quarantined_at', 'is', null)
    .returning('room_version')
    .executeTakeFirst();
  return row === undefined ? null : { version: Number(row.room_version) };
}

/**
 * Locks the room's row until the end of `trx` (PostgreSQL): joins to one room on any number
 * of instances then count its devices one after another.
 */
export async function lockRoomRow(trx: Db, code: string): Promise<void> {
  await trx.selectFrom('shares').select('code').where('code', '=', code).forUpdate().execute();
}
