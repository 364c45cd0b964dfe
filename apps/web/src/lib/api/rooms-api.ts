import {
  createRoomEndpoint,
  editRoomEndpoint,
  lookupRoomEndpoint,
  pathTo,
  roomEventsEndpoint,
  unlockRoomEndpoint,
  type CreateRoomBody,
  type CreateRoomResponse,
  type RoomEditBody,
  type RoomEditResponse,
  type RoomView,
  type UnlockRoomResponse,
} from '@codedrop/contract';
import { api } from './request';
import type { ApiResult } from './result';

// Live rooms (docs/api.md#live-rooms): one text kept the same on every device that opens
// the code. Ending one is DELETE /api/shares/{code} (shares-api.ts).

/** An encrypted room's token, for its events and its edits; a plain room needs none. */
const bearer = (roomToken: string | undefined): Record<string, string> =>
  roomToken === undefined ? {} : { Authorization: `Bearer ${roomToken}` };

export function createRoom(body: CreateRoomBody): Promise<ApiResult<CreateRoomResponse>> {
  return api.call(createRoomEndpoint, { body });
}

/** Whether the room is encrypted (and its `kdf`), its expiry and its devices. */
export function getRoom(code: string, signal?: AbortSignal): Promise<ApiResult<RoomView>> {
  return api.call(lookupRoomEndpoint, { params: { code }, signal });
}

/**
 * Trades the password-derived authKey for the room token. A wrong key answers
 * WRONG_PASSWORD with the attempts left; the last one SHARE_DESTROYED.
 */
export function unlockRoom(code: string, authKey: string): Promise<ApiResult<UnlockRoomResponse>> {
  return api.call(unlockRoomEndpoint, { params: { code }, body: { authKey } });
}

/** Replaces the room's text; the answer says its version. */
export function editRoom(
  code: string,
  body: RoomEditBody,
  roomToken?: string,
): Promise<ApiResult<RoomEditResponse>> {
  return api.call(editRoomEndpoint, { params: { code }, body, headers: bearer(roomToken) });
}

/** Where a device reads the room's events (lib/live/event-stream.ts), and its headers. */
export function roomEventsRequest(code: string, device: string, roomToken?: string) {
  const query = new URLSearchParams({ device });
  return {
    url: `${pathTo(roomEventsEndpoint, { code })}?${query.toString()}`,
    headers: bearer(roomToken),
  };
}
