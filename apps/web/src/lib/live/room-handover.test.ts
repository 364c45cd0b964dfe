import { afterEach, describe, expect, it } from 'vitest';
import {
  deleteTokenFor,
  forgetRoom,
  keepDeleteToken,
  keepRoomKeys,
  roomKeys,
} from './room-handover';

const later = '2999-01-01T00:00:00.000Z';
afterEach(() => localStorage.clear());

describe('room hand-over', () => {
  it("keeps the creator's delete token across a reload, under the room's code", () => {
    keepDeleteToken('4821', 'token', later);
    expect(localStorage.getItem('codedrop:room:4821')).toContain('token');
    expect(deleteTokenFor('4821')).toBe('token');
    expect(deleteTokenFor('4822')).toBeUndefined();
  });

  it("forgets a token once its room has expired: the code may be another room's", () => {
    keepDeleteToken('4821', 'token', '2026-01-01T10:00:00.000Z');
    expect(deleteTokenFor('4821', Date.parse('2026-01-01T09:00:00.000Z'))).toBe('token');
    expect(deleteTokenFor('4821', Date.parse('2026-01-01T10:00:00.000Z'))).toBeUndefined();
    expect(localStorage.getItem('codedrop:room:4821')).toBeNull();
  });

  it('forgets the keys and the token of a room that ended', () => {
    const keys = { encKey: {} as CryptoKey, authKey: new Uint8Array(32) };
    keepRoomKeys('4821', keys);
    keepDeleteToken('4821', 'token', later);
    expect(roomKeys('4821')).toBe(keys);
    forgetRoom('4821');
    expect(roomKeys('4821')).toBeUndefined();
    expect(deleteTokenFor('4821')).toBeUndefined();
  });

  it('reads a damaged entry as none', () => {
    localStorage.setItem('codedrop:room:4821', '{not json');
    expect(deleteTokenFor('4821')).toBeUndefined();
  });
});
