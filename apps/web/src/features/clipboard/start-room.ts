import type { CreateRoomResponse } from '@codedrop/contract';
import { UNASSIGNED_ROOM_CODE, createKeys, sealRoomText } from '@codedrop/crypto';
import { createRoom } from '../../lib/api/rooms-api';
import type { ApiResult } from '../../lib/api/result';
import { keepDeleteToken, keepRoomKeys } from '../../lib/live/room-handover';

export interface RoomChoice {
  /** '' for a room without one. */
  password: string;
  expiresInSeconds: number;
}

/**
 * Starts a live room with an empty text (docs/product.md#live-rooms). With a password, the
 * keys are made here and the text sealed before it leaves the browser; the keys stay in
 * this tab for the room's view, so its creator is not asked for the password, and the
 * delete token is kept so that the creator can end the room, after a reload too. Loaded
 * with the first room, not with the clipboard page.
 */
export async function startRoom(choice: RoomChoice): Promise<ApiResult<CreateRoomResponse>> {
  const { password, expiresInSeconds } = choice;
  if (password === '') {
    const created = await createRoom({ text: '', expiresInSeconds });
    if (created.ok) keep(created.data);
    return created;
  }
  const keys = await createKeys(password);
  // The code is the server's answer: the first text is sealed before there is one.
  const sealed = await sealRoomText(keys.encKey, UNASSIGNED_ROOM_CODE, '');
  const created = await createRoom({
    sealed,
    kdf: keys.kdf,
    authVerifier: keys.authVerifier,
    expiresInSeconds,
  });
  if (created.ok) {
    keepRoomKeys(created.data.code, { encKey: keys.encKey, authKey: keys.authKey });
    keep(created.data);
  }
  return created;
}

function keep(room: CreateRoomResponse) {
  keepDeleteToken(room.code, room.deleteToken, room.expiresAt);
}
