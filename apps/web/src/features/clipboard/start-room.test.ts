import {
  deriveKeysFor,
  openRoomText,
  UNASSIGNED_ROOM_CODE,
  type KdfParams,
} from '@codedrop/crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteTokenFor, roomKeys } from '../../lib/live/room-handover';
import { startRoom } from './start-room';

const api = vi.hoisted(() => ({ createRoom: vi.fn() }));
vi.mock('../../lib/api/rooms-api', () => api);
afterEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

const created = (code: string) => ({
  ok: true,
  data: {
    code,
    createdAt: '2026-01-01T10:00:00.000Z',
    expiresAt: '2999-01-02T10:00:00.000Z',
    deleteToken: `delete-${code}`,
    version: 0,
  },
});

describe('startRoom', () => {
  it('starts a plain room with an empty text and keeps its delete token', async () => {
    api.createRoom.mockResolvedValue(created('4821'));
    const result = await startRoom({ password: '', expiresInSeconds: 3600 });
    expect(result.ok).toBe(true);
    expect(api.createRoom).toHaveBeenCalledWith({ text: '', expiresInSeconds: 3600 });
    expect(deleteTokenFor('4821')).toBe('delete-4821');
    expect(roomKeys('4821')).toBeUndefined();
  });

  it('seals the first text under the password and keeps the keys for the view', async () => {
    api.createRoom.mockResolvedValue(created('4822'));
    await startRoom({ password: 'pw', expiresInSeconds: 3600 });
    const body = api.createRoom.mock.calls[0]![0] as {
      sealed: { iv: string; ciphertext: string };
      kdf: KdfParams;
      authVerifier: string;
    };
    expect(Object.keys(body).sort()).toEqual(['authVerifier', 'expiresInSeconds', 'kdf', 'sealed']);
    const joiner = await deriveKeysFor('pw', body.kdf);
    expect(await openRoomText(joiner.encKey, UNASSIGNED_ROOM_CODE, body.sealed)).toBe('');
    expect(roomKeys('4822')?.authKey).toEqual(joiner.authKey);
    expect(deleteTokenFor('4822')).toBe('delete-4822');
  }, 20_000);

  it('keeps nothing when the room was not created', async () => {
    api.createRoom.mockResolvedValue({
      ok: false,
      problem: { code: 'RATE_LIMITED', status: 429, title: '', detail: '' },
    });
    await startRoom({ password: 'pw', expiresInSeconds: 3600 });
    expect(deleteTokenFor('4823')).toBeUndefined();
  }, 20_000);
});
