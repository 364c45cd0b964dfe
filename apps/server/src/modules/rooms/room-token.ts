import { createHmac } from 'node:crypto';
import { pickupBearer, signPickupToken, verifyPickupToken } from '../requests/pickup-token.js';

// An encrypted room's token: given for the password's proof (POST /unlock, under the
// shares' lockout), then shown with every event stream and edit. It is a pickup token's
// format under a key of its own, so neither kind can pass for the other, and it ties the
// device to that one room (its code and creation time) until the room expires.

export function roomTokenKey(urlSigningKey: string): Buffer {
  return createHmac('sha256', Buffer.from(urlSigningKey, 'utf8'))
    .update('codedrop/room-token')
    .digest();
}

export interface RoomGrant {
  code: string;
  createdAt: Date;
  expiresAt: Date;
}

export function signRoomToken(key: Buffer, room: RoomGrant): string {
  return signPickupToken(key, {
    code: room.code,
    created: room.createdAt.getTime(),
    exp: Math.ceil(room.expiresAt.getTime() / 1000),
  });
}

/** Whether the `Authorization` header carries a genuine token of this very room. */
export function opensRoom(
  key: Buffer,
  authorization: string | undefined,
  room: RoomGrant,
  now: Date,
): boolean {
  const token = pickupBearer(authorization);
  if (token === null) return false;
  const grant = verifyPickupToken(key, token, Math.floor(now.getTime() / 1000));
  return grant !== null && grant.code === room.code && grant.created === room.createdAt.getTime();
}
