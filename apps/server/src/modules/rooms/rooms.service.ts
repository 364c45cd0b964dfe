import {
  codePointLength,
  maxRoomDevices,
  type CreateRoomBody,
  type CreateRoomResponse,
  type Kdf,
  type RoomEditBody,
  type RoomEditResponse,
  type RoomTextEvent,
  type RoomView,
  type SealedText,
  type UnlockRoomResponse,
} from '@codedrop/contract';
import type { Kysely } from 'kysely';
import { AppError } from '../../http/app-error.js';
import type { Database, Dialect } from '../../infra/db/port.js';
import type { Clock } from '../../infra/runtime/clock.js';
import type { RecoveryEscrow } from '../recovery/recovery-escrow.js';
import type { CodeAllocator } from '../shares/codes/code-allocator.js';
import { shareBasics } from '../shares/new-share.js';
import { editRoom, findRoom, type NewShare, type RoomRow } from '../shares/repository/index.js';
import { goneErrorCode } from '../shares/share-record.js';
import { resolveExpiry } from '../shares/shares.service.js';
import { assertStorableText, textTooLong } from '../shares/text-rules.js';
import type { VerifyAuthKey } from '../shares/unlock-attempts.js';
import { countDevices, joinRoom, leaveRoom } from './room-devices.repository.js';
import type { RoomHub } from './room-hub.js';
import { opensRoom, signRoomToken } from './room-token.js';

/** A device's row stops counting when its process has not renewed it for this long. */
export const deviceStaleMs = 45_000;

export interface RoomLimits {
  expiryChoicesSeconds: number[];
  defaultExpirySeconds: number;
  unlockMaxFailures: number;
  maxTextChars: number;
}

export interface RoomServiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  codes: CodeAllocator;
  escrow: RecoveryEscrow;
  verifyAuthKey: VerifyAuthKey;
  hub: RoomHub;
  /** room-token.ts's key. */
  tokenKey: Buffer;
  limits: RoomLimits;
}

/** A room's text as stored: plain, or the sealed text as JSON. */
function storedText(body: { text?: string; sealed?: SealedText }, encrypted: boolean, max: number) {
  if (encrypted !== (body.sealed !== undefined)) {
    throw AppError.validation(
      encrypted ? 'sealed' : 'text',
      encrypted ? 'This room is encrypted: send its text sealed' : 'This room takes plain text',
    );
  }
  if (body.sealed !== undefined) return JSON.stringify(body.sealed);
  const text = body.text ?? '';
  assertStorableText('text', text);
  if (codePointLength(text) > max) throw textTooLong(max);
  return text;
}

export function textEvent(row: RoomRow): RoomTextEvent {
  const { text, record } = row;
  const base = { version: text.version, baseVersion: text.baseVersion, device: text.device };
  return record.isEncrypted
    ? { ...base, sealed: JSON.parse(text.content) as SealedText }
    : { ...base, text: text.content };
}

export function createRoomService(deps: RoomServiceDeps) {
  const { db, clock, limits, hub } = deps;

  /** A live room, or the 404/410/451 problem a share would answer in its place. */
  async function requireRoom(code: string): Promise<RoomRow> {
    const now = clock.now();
    const found = await findRoom(db, code);
    if (found === null) throw new AppError('SHARE_NOT_FOUND');
    const { record } = found;
    if (record.quarantinedAt !== null) throw new AppError('SHARE_QUARANTINED');
    if (record.gone || record.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(goneErrorCode(record, now));
    }
    return found;
  }

  /** An encrypted room opens only to a device that proved the password (its room token). */
  function authorize(room: RoomRow, authorization: string | undefined): void {
    if (!room.record.isEncrypted) return;
    if (opensRoom(deps.tokenKey, authorization, room.record, clock.now())) return;
    throw new AppError(
      'UNAUTHORIZED',
      'This room is encrypted: unlock it with its password first.',
    );
  }

  return {
    requireRoom,

    async create(body: CreateRoomBody): Promise<CreateRoomResponse> {
      const expiresInSeconds = resolveExpiry(body.expiresInSeconds, limits);
      const encrypted = body.sealed !== undefined;
      const content = storedText(body, encrypted, limits.maxTextChars);
      const { columns, ...created } = shareBasics(clock, deps.escrow, {
        expiresInSeconds,
        authVerifier: body.authVerifier,
        encryptedPayload: body.kdf === undefined ? undefined : { kdf: body.kdf },
      });
      const code = await deps.codes.allocate((code): NewShare => ({
        code,
        type: 'room',
        content,
        is_encrypted: encrypted,
        encrypted_payload: null,
        burn_after_reading: false,
        ...columns,
      }));
      return { code, ...created, version: 0 };
    },

    async view(code: string): Promise<RoomView> {
      const { record } = await requireRoom(code);
      const devices = await countDevices(db, code, clock.now(), deviceStaleMs);
      return {
        code: record.code,
        type: 'room',
        createdAt: record.createdAt.toISOString(),
        expiresAt: record.expiresAt.toISOString(),
        encrypted: record.isEncrypted,
        kdf: record.kdf === null ? null : (JSON.parse(record.kdf) as Kdf),
        attemptsLeft: record.isEncrypted
          ? Math.max(0, limits.unlockMaxFailures - record.failedUnlocks)
          : null,
        devices,
        maxDevices: maxRoomDevices,
      };
    },

    /** The room token, only for the password's proof (the shares' lockout counts misses). */
    async unlock(code: string, authKey: string): Promise<UnlockRoomResponse> {
      const { record } = await requireRoom(code);
      if (!record.isEncrypted) throw AppError.validation('authKey', 'This room has no password');
      await deps.verifyAuthKey(code, authKey, requireRoom);
      return { roomToken: signRoomToken(deps.tokenKey, record) };
    },

    /** Stores a whole new text; the last edit stored wins, and says what it overtook. */
    async edit(
      code: string,
      body: RoomEditBody,
      authorization: string | undefined,
    ): Promise<RoomEditResponse> {
      const room = await requireRoom(code);
      authorize(room, authorization);
      const content = storedText(body, room.record.isEncrypted, limits.maxTextChars);
      const stored = await editRoom(
        db,
        code,
        { content, baseVersion: body.baseVersion, device: body.device },
        clock.now(),
      );
      if (stored === null) {
        await requireRoom(code);
        throw new AppError('SHARE_NOT_FOUND');
      }
      const event: RoomTextEvent = {
        version: stored.version,
        baseVersion: body.baseVersion,
        device: body.device,
        ...(body.sealed === undefined ? { text: body.text ?? '' } : { sealed: body.sealed }),
      };
      hub.edited(code, event);
      return { version: stored.version, overtook: body.baseVersion < stored.version - 1 };
    },

    /** The room a device may listen to: live, and opened by its token when encrypted. */
    async admit(code: string, authorization: string | undefined): Promise<RoomRow> {
      const room = await requireRoom(code);
      authorize(room, authorization);
      return room;
    },

    now: () => clock.now(),

    /** Counts the device in (ROOM_FULL past the limit); the caller then tells the room. */
    async join(code: string, device: string, holder: string): Promise<void> {
      const joined = await joinRoom(db, deps.dialect, {
        code,
        device,
        holder,
        now: clock.now(),
        staleMs: deviceStaleMs,
        maxDevices: maxRoomDevices,
      });
      if (joined === null) throw new AppError('ROOM_FULL');
    },

    async leave(code: string, device: string, holder: string): Promise<void> {
      await leaveRoom(db, code, device, holder);
      hub.devicesChanged(code);
    },

    /** Devices connected to the room now, on every instance. */
    devices: (code: string) => countDevices(db, code, clock.now(), deviceStaleMs),

    /** The room's text now, for the streams; null once it is gone. */
    async currentText(code: string): Promise<RoomTextEvent | null> {
      const found = await findRoom(db, code);
      return found === null ? null : textEvent(found);
    },
  };
}

export type RoomService = ReturnType<typeof createRoomService>;
