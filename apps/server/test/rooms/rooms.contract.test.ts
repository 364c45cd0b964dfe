import { randomBytes } from 'node:crypto';
import { maxRoomDevices, roomMessages } from '@codedrop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestApp, type TestApp } from '../support/app.js';
import { TestClock } from '../support/clock.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { fakeEncryptedShare } from '../support/envelopes.js';
import { listen, type RoomListener } from '../support/room-events.js';

const device = () => randomBytes(12).toString('base64url');
const sealed = () => ({
  iv: randomBytes(12).toString('base64'),
  ciphertext: randomBytes(48).toString('base64'),
});

describe.each(testDialects())('live rooms on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  const clock = new TestClock();
  const open: RoomListener[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, {
      clock,
      // One report quarantines: the quarantine test's own threshold.
      env: { RATE_LIMIT_DISABLED: 'true', ABUSE_QUARANTINE_REPORTS: '1' },
    });
  });
  afterAll(async () => {
    for (const listener of open) listener.close();
    await server?.close();
    await database?.drop();
  });

  const createRoom = async (body: Record<string, unknown> = { text: 'first words' }) => {
    const res = await http<{ code: string; deleteToken: string; version: number }>(
      server.url,
      '/api/rooms',
      { method: 'POST', json: body },
    );
    expect(res.status).toBe(201);
    return res.body;
  };
  const join = async (code: string, id = device(), headers: Record<string, string> = {}) => {
    const listener = await listen(server.url, code, id, headers);
    open.push(listener);
    return listener;
  };
  const edit = (
    code: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    http<Record<string, unknown>>(server.url, `/api/rooms/${code}/edits`, {
      method: 'POST',
      json: body,
      headers,
    });

  it('creates a room that a share lookup points to and a room lookup describes', async () => {
    const room = await createRoom();
    expect(room).toMatchObject({ code: expect.stringMatching(/^\d+$/), version: 0 });
    expect(room.deleteToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const asShare = await http(server.url, `/api/shares/${room.code}`);
    expect(asShare.status).toBe(404);
    expect(asShare.body).toMatchObject({ code: 'SHARE_NOT_FOUND', kind: 'room' });
    const view = await http(server.url, `/api/rooms/${room.code}`);
    expect(view.status).toBe(200);
    expect(view.body).toEqual({
      code: room.code,
      type: 'room',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      encrypted: false,
      kdf: null,
      attemptsLeft: null,
      devices: 0,
      maxDevices: maxRoomDevices,
    });
    const missing = await http(server.url, '/api/shares/999999');
    expect(missing.body).not.toHaveProperty('kind');
  });

  it('documents every room route in the OpenAPI document', async () => {
    const res = await http<{ paths: Record<string, Record<string, unknown>> }>(
      server.url,
      '/api/openapi.json',
    );
    const methods = (path: string) => Object.keys(res.body.paths[path] ?? {}).sort();
    expect(methods('/api/rooms')).toEqual(['post']);
    expect(methods('/api/rooms/{code}')).toEqual(['get']);
    expect(methods('/api/rooms/{code}/unlock')).toEqual(['post']);
    expect(methods('/api/rooms/{code}/events')).toEqual(['get']);
    expect(methods('/api/rooms/{code}/edits')).toEqual(['post']);
  });

  it.each([
    ['no text at all', {}],
    ['both text and a sealed text', { text: 'a', sealed: sealed() }],
    ['a sealed text without its key derivation', { sealed: sealed() }],
    ['a key derivation with plain text', { text: 'a', ...kdfFields() }],
    ['a text over the clipboard limit', { text: 'x'.repeat(100_001) }],
    ['a NUL character', { text: 'a\u0000b' }],
    ['a lifetime that is not one of the choices', { text: 'a', expiresInSeconds: 12_345 }],
  ])('refuses a room with %s', async (_label, body) => {
    const res = await http(server.url, '/api/rooms', { method: 'POST', json: body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('streams the text and the devices, then every edit to every device', async () => {
    const room = await createRoom({ text: '' });
    const alice = device();
    const a = await join(room.code, alice);
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(a.headers.get('cache-control')).toBe('no-store');
    expect((await a.next('text')).data).toEqual({
      version: 0,
      baseVersion: 0,
      device: null,
      text: '',
    });
    expect((await a.next('devices')).data).toEqual({ devices: 1 });
    const b = await join(room.code);
    await b.next('text');
    expect((await a.next('devices')).data).toEqual({ devices: 2 });

    const answer = await edit(room.code, { text: 'from alice', baseVersion: 0, device: alice });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ version: 1, overtook: false });
    const seen = await b.next('text');
    expect(seen.id).toBe('1');
    expect(seen.data).toEqual({ version: 1, baseVersion: 0, device: alice, text: 'from alice' });
    // Its own device hears it too: that is how it knows the edit went through.
    expect((await a.next('text')).data).toMatchObject({ version: 1, device: alice });

    b.close();
    expect((await a.next('devices')).data).toEqual({ devices: 1 });
    expect((await http(server.url, `/api/rooms/${room.code}`)).body).toMatchObject({ devices: 1 });
  });

  it('keeps the last complete edit and says which one overtook another', async () => {
    const room = await createRoom();
    const [alice, bob] = [device(), device()];
    const watcher = await join(room.code);
    await watcher.next('text');
    const first = await edit(room.code, { text: 'alice', baseVersion: 0, device: alice });
    const second = await edit(room.code, { text: 'bob', baseVersion: 0, device: bob });
    expect(first.body).toEqual({ version: 1, overtook: false });
    expect(second.body).toEqual({ version: 2, overtook: true });
    await watcher.next('text');
    expect((await watcher.next('text')).data).toEqual({
      version: 2,
      baseVersion: 0,
      device: bob,
      text: 'bob',
    });
    const late = await join(room.code);
    expect((await late.next('text')).data).toMatchObject({ version: 2, text: 'bob' });
  });

  it('resumes a reconnecting device from its last version', async () => {
    const room = await createRoom();
    const id = device();
    await edit(room.code, { text: 'one', baseVersion: 0, device: id });
    const current = await join(room.code, id, { 'last-event-id': '1' });
    await current.next('devices');
    const behind = await join(room.code, device(), { 'last-event-id': '0' });
    expect((await behind.next('text')).data).toMatchObject({ version: 1, text: 'one' });
    await edit(room.code, { text: 'two', baseVersion: 1, device: id });
    // The first text it hears is the one after the version it already had.
    expect((await current.next('text')).data).toMatchObject({ version: 2, text: 'two' });
  });

  it('tells its devices at once when reports put the room in quarantine', async () => {
    const room = await createRoom();
    const listener = await join(room.code);
    await listener.next('text');
    const reported = await http(server.url, `/api/shares/${room.code}/reports`, {
      method: 'POST',
      json: { reason: 'spam' },
    });
    expect(reported.status).toBe(202);
    expect((await listener.next('ended')).data).toEqual({ reason: 'quarantined' });
    await listener.closed;
    const again = await join(room.code);
    expect(again.problem).toMatchObject({ code: 'SHARE_QUARANTINED' });
  });

  it(`lets ${maxRoomDevices} devices in and refuses one more; a device may come back`, async () => {
    const room = await createRoom();
    const ids = Array.from({ length: maxRoomDevices }, device);
    const listeners = await Promise.all(ids.map((id) => join(room.code, id)));
    expect(listeners.every((listener) => listener.status === 200)).toBe(true);
    const extra = await join(room.code);
    expect(extra.status).toBe(409);
    expect(extra.problem).toMatchObject({ code: 'ROOM_FULL', detail: roomMessages.full });
    // The same device reconnecting takes over its own place.
    const again = await join(room.code, ids[0]);
    expect(again.status).toBe(200);
    for (const listener of listeners) listener.close();
  });

  it('ends the room at once for its creator: every device is told, edits are refused', async () => {
    const room = await createRoom();
    const listener = await join(room.code);
    await listener.next('text');
    const wrong = await http(server.url, `/api/shares/${room.code}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
    });
    expect(wrong.status).toBe(403);
    const deleted = await http(server.url, `/api/shares/${room.code}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${room.deleteToken}` },
    });
    expect(deleted.status).toBe(204);
    expect((await listener.next('ended')).data).toEqual({ reason: 'deleted' });
    await listener.closed;
    const refused = await edit(room.code, { text: 'late', baseVersion: 0, device: device() });
    expect(refused.status).toBe(410);
    expect(refused.body).toMatchObject({ code: 'SHARE_DELETED' });
    expect((await join(room.code)).status).toBe(410);
  });

  it('refuses edits once the room has expired', async () => {
    const room = await createRoom({ text: 'a', expiresInSeconds: 3_600 });
    clock.advance(3_601);
    const res = await edit(room.code, { text: 'b', baseVersion: 0, device: device() });
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ code: 'SHARE_EXPIRED' });
    expect((await http(server.url, `/api/rooms/${room.code}`)).status).toBe(410);
  });

  it('refuses edits that do not fit the room: limits, plain versus sealed', async () => {
    const room = await createRoom();
    const id = device();
    const tooLong = await edit(room.code, {
      text: 'x'.repeat(100_001),
      baseVersion: 0,
      device: id,
    });
    expect(tooLong.status).toBe(400);
    const sealedInPlain = await edit(room.code, { sealed: sealed(), baseVersion: 0, device: id });
    expect(sealedInPlain.status).toBe(400);
    const badDevice = await edit(room.code, { text: 'a', baseVersion: 0, device: 'x' });
    expect(badDevice.status).toBe(400);
    const noRoom = await edit('999999', { text: 'a', baseVersion: 0, device: id });
    expect(noRoom.status).toBe(404);
  });

  describe('with a password', () => {
    const secret = fakeEncryptedShare();
    const body = () => ({
      sealed: sealed(),
      kdf: secret.encryptedPayload.kdf,
      authVerifier: secret.authVerifier,
    });
    const unlock = (code: string, authKey: string) =>
      http<Record<string, unknown>>(server.url, `/api/rooms/${code}/unlock`, {
        method: 'POST',
        json: { authKey },
      });

    it('opens its stream and edits only to a device that proved the password', async () => {
      const room = await createRoom(body());
      const view = await http(server.url, `/api/rooms/${room.code}`);
      expect(view.body).toMatchObject({
        encrypted: true,
        kdf: secret.encryptedPayload.kdf,
        attemptsLeft: 10,
      });
      const locked = await join(room.code);
      expect(locked.status).toBe(401);
      expect(locked.problem).toMatchObject({ code: 'UNAUTHORIZED' });
      const id = device();
      const blind = await edit(room.code, { sealed: sealed(), baseVersion: 0, device: id });
      expect(blind.status).toBe(401);

      const wrong = await unlock(room.code, randomBytes(32).toString('base64'));
      expect(wrong.status).toBe(403);
      expect(wrong.body).toMatchObject({ code: 'WRONG_PASSWORD', attemptsLeft: 9 });
      const unlocked = await unlock(room.code, secret.authKey);
      expect(unlocked.status).toBe(200);
      const auth = { authorization: `Bearer ${unlocked.body.roomToken as string}` };

      const listener = await join(room.code, id, auth);
      expect(listener.status).toBe(200);
      const first = await listener.next('text');
      expect(first.data).toMatchObject({ version: 0, sealed: { iv: expect.any(String) } });
      expect(first.data).not.toHaveProperty('text');
      const next = sealed();
      const edited = await edit(room.code, { sealed: next, baseVersion: 0, device: id }, auth);
      expect(edited.status).toBe(200);
      expect((await listener.next('text')).data).toMatchObject({ version: 1, sealed: next });
      const plain = await edit(room.code, { text: 'plain', baseVersion: 1, device: id }, auth);
      expect(plain.status).toBe(400);
    });

    it("refuses another room's token, and a plain room's unlock", async () => {
      const [one, two] = [await createRoom(body()), await createRoom(body())];
      const token = (await unlock(one.code, secret.authKey)).body.roomToken as string;
      const other = await join(two.code, device(), { authorization: `Bearer ${token}` });
      expect(other.status).toBe(401);
      const plain = await createRoom();
      expect((await unlock(plain.code, secret.authKey)).status).toBe(400);
    });

    it('is destroyed by the last wrong password, and its devices are told', async () => {
      const room = await createRoom(body());
      const token = (await unlock(room.code, secret.authKey)).body.roomToken as string;
      const listener = await join(room.code, device(), { authorization: `Bearer ${token}` });
      await listener.next('text');
      let last: Record<string, unknown> = {};
      for (let attempt = 0; attempt < 10; attempt++) {
        last = (await unlock(room.code, randomBytes(32).toString('base64'))).body;
      }
      expect(last).toMatchObject({ code: 'SHARE_DESTROYED' });
      expect((await listener.next('ended')).data).toEqual({ reason: 'destroyed' });
    });
  });
});

describe('live room edits are rate limited per client', () => {
  let database: TestDatabase;
  let server: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, { env: { RATE_LIMIT_ROOM_EDITS: '2' } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('answers 429 past RATE_LIMIT_ROOM_EDITS a minute', async () => {
    const created = await http<{ code: string }>(server.url, '/api/rooms', {
      method: 'POST',
      json: { text: '' },
    });
    const id = device();
    const send = (baseVersion: number) =>
      http(server.url, `/api/rooms/${created.body.code}/edits`, {
        method: 'POST',
        json: { text: `v${baseVersion}`, baseVersion, device: id },
      });
    expect((await send(0)).status).toBe(200);
    expect((await send(1)).status).toBe(200);
    const refused = await send(2);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

function kdfFields() {
  const secret = fakeEncryptedShare();
  return { kdf: secret.encryptedPayload.kdf, authVerifier: secret.authVerifier };
}
