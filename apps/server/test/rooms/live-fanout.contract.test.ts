import { randomBytes } from 'node:crypto';
import { maxRoomDevices } from '@codedrop/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { http, type TestApp } from '../support/app.js';
import { testRedisUrl } from '../support/redis.js';
import { listen, listenAt, type RoomListener } from '../support/room-events.js';
import { twoPostgresInstances } from '../support/two-instances.js';

const device = () => randomBytes(12).toString('base64url');

// Two instances on one PostgreSQL database, as a scaled-out deployment runs: a room's device
// or a share's creator on one hears what happens through the other, by LISTEN/NOTIFY or by
// Redis pub/sub.
describe.each([
  ['PostgreSQL LISTEN/NOTIFY', {}],
  [
    'Redis pub/sub',
    { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: `rooms-${randomBytes(4).toString('hex')}:` },
  ],
])('live rooms across two instances, through %s', (_bus, env) => {
  const { servers } = twoPostgresInstances(env);
  const open: RoomListener[] = [];
  afterAll(() => {
    for (const listener of open) listener.close();
  });

  const join = async (server: TestApp, code: string, id = device()) => {
    const listener = await listen(server.url, code, id);
    open.push(listener);
    return listener;
  };
  const createRoom = async (server: TestApp) => {
    const res = await http<{ code: string; deleteToken: string }>(server.url, '/api/rooms', {
      method: 'POST',
      json: { text: 'start' },
    });
    expect(res.status).toBe(201);
    return res.body;
  };

  it('brings an edit made through one instance to the devices of the other', async () => {
    const [one, two] = servers() as [TestApp, TestApp];
    const room = await createRoom(one);
    const here = await join(one, room.code);
    const there = await join(two, room.code);
    await here.next('text');
    await there.next('text');
    const id = device();
    const edited = await http(two.url, `/api/rooms/${room.code}/edits`, {
      method: 'POST',
      json: { text: 'from two', baseVersion: 0, device: id },
    });
    expect(edited.status).toBe(200);
    for (const listener of [here, there]) {
      expect((await listener.next('text')).data).toEqual({
        version: 1,
        baseVersion: 0,
        device: id,
        text: 'from two',
      });
    }
  });

  it('counts the devices of both instances, and tells each side', async () => {
    const [one, two] = servers() as [TestApp, TestApp];
    const room = await createRoom(one);
    const here = await join(one, room.code);
    expect((await here.next('devices')).data).toEqual({ devices: 1 });
    const there = await join(two, room.code);
    expect((await there.next('devices')).data).toEqual({ devices: 2 });
    expect((await here.next('devices')).data).toEqual({ devices: 2 });
    there.close();
    expect((await here.next('devices')).data).toEqual({ devices: 1 });
  });

  it(`holds the limit of ${maxRoomDevices} devices over both instances`, async () => {
    const [one, two] = servers() as [TestApp, TestApp];
    const room = await createRoom(one);
    const half = maxRoomDevices / 2;
    const joined = await Promise.all(
      Array.from({ length: maxRoomDevices }, (_, i) => join(i < half ? one : two, room.code)),
    );
    expect(joined.map((listener) => listener.status)).toEqual(Array(maxRoomDevices).fill(200));
    const [extraOne, extraTwo] = await Promise.all([join(one, room.code), join(two, room.code)]);
    expect([extraOne.status, extraTwo.status]).toEqual([409, 409]);
    for (const listener of joined) listener.close();
  });

  it('ends the room on every instance when its creator deletes it through one', async () => {
    const [one, two] = servers() as [TestApp, TestApp];
    const room = await createRoom(one);
    const there = await join(two, room.code);
    await there.next('text');
    const deleted = await http(one.url, `/api/shares/${room.code}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${room.deleteToken}` },
    });
    expect(deleted.status).toBe(204);
    expect((await there.next('ended')).data).toEqual({ reason: 'deleted' });
  });

  it("brings a view and a report made through one instance to a creator's view on the other", async () => {
    const [one, two] = servers() as [TestApp, TestApp];
    const created = await http<{ code: string; deleteToken: string }>(one.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'seen elsewhere' },
    });
    const view = await listenAt(`${one.url}/api/shares/${created.body.code}/events`, {
      authorization: `Bearer ${created.body.deleteToken}`,
    });
    open.push(view);
    expect((await view.next('state')).data).toMatchObject({ viewed: false, reports: 0 });
    expect((await http(two.url, `/api/shares/${created.body.code}`)).status).toBe(200);
    expect((await view.next('state')).data).toMatchObject({ viewed: true });
    await http(two.url, `/api/shares/${created.body.code}/reports`, {
      method: 'POST',
      json: { reason: 'spam' },
    });
    expect((await view.next('state')).data).toMatchObject({ reports: 1 });
  });
});
