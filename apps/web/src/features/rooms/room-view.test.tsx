import type { RoomView as RoomViewData } from '@codedrop/contract';
import {
  UNASSIGNED_ROOM_CODE,
  createKeys,
  openRoomText,
  sealRoomText,
  type WriterKeys,
} from '@codedrop/crypto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventStreamOptions } from '../../lib/live/event-stream';
import { deleteTokenFor, keepDeleteToken, keepRoomKeys } from '../../lib/live/room-handover';
import { pageDevice } from './page-device';
import { RoomView } from './room-view';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const api = vi.hoisted(() => ({ unlockRoom: vi.fn(), editRoom: vi.fn() }));
vi.mock('../../lib/api/rooms-api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...api,
}));
const shares = vi.hoisted(() => ({ deleteShare: vi.fn() }));
vi.mock('../../lib/api/shares-api', () => shares);
const streams = vi.hoisted(() => ({
  opened: [] as EventStreamOptions[],
  closed: 0,
}));
vi.mock('../../lib/live/event-stream', () => ({
  openEventStream: (options: EventStreamOptions) => {
    streams.opened.push(options);
    return { close: () => streams.closed++, lastEventId: '' };
  },
}));

beforeEach(() => {
  vi.stubGlobal('isSecureContext', true);
  // The dialog of End room: jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  streams.opened = [];
  streams.closed = 0;
  localStorage.clear();
});

const plainRoom: RoomViewData = {
  code: '4821',
  type: 'room',
  createdAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2999-01-01T10:00:00.000Z',
  encrypted: false,
  kdf: null,
  attemptsLeft: null,
  devices: 1,
  maxDevices: 20,
};

const other = 'device-other';

/** The newest stream: what the server sends on it. */
function server() {
  const options = streams.opened.at(-1)!;
  const send = (type: string, data: unknown) =>
    act(() => options.onEvent({ type, data: JSON.stringify(data), lastEventId: '' }));
  return {
    options,
    open: () => act(() => options.onState?.('open')),
    devices: (devices: number) => send('devices', { devices }),
    text: (version: number, baseVersion: number, device: string | null, text: string) =>
      send('text', { version, baseVersion, device, text }),
    sealed: (version: number, baseVersion: number, device: string | null, sealed: unknown) =>
      send('text', { version, baseVersion, device, sealed }),
    ended: (reason: string) => send('ended', { reason }),
    refuse: (code: string, status: number) =>
      act(() => {
        options.onRefused({ code: code as 'ROOM_FULL', status, title: code, detail: '' });
      }),
  };
}

async function openPlain(room = plainRoom) {
  const user = userEvent.setup();
  render(<RoomView room={room} onExit={() => undefined} />);
  await waitFor(() => expect(streams.opened).toHaveLength(1));
  const live = server();
  live.open();
  live.devices(2);
  live.text(0, 0, null, '');
  const field = screen.getByLabelText('Room text');
  await waitFor(() => expect(field).toBeEnabled());
  return { user, live, field: field as HTMLTextAreaElement };
}

describe('RoomView', () => {
  it('shows the room, its connection and its devices', async () => {
    render(<RoomView room={plainRoom} onExit={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Live room', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('4821')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Code' })).toBeInTheDocument();
    expect(screen.getByText('Connecting…')).toBeInTheDocument();
    expect(screen.getByLabelText('Room text')).toBeDisabled();
    await waitFor(() => expect(streams.opened).toHaveLength(1));
    expect(streams.opened[0]!.url).toBe(`/api/rooms/4821/events?device=${pageDevice()}`);
    const live = server();
    live.open();
    live.devices(3);
    expect(screen.getByText('Connected · 3 devices')).toBeInTheDocument();
    live.devices(1);
    expect(screen.getByText('Connected · 1 device')).toBeInTheDocument();
    act(() => live.options.onState?.('reconnecting'));
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
    // Nobody else may end it: this browser did not start it.
    expect(screen.queryByRole('button', { name: 'End room' })).toBeNull();
  });

  it('sends what is typed and shows what other devices type', async () => {
    api.editRoom.mockResolvedValue({ ok: true, data: { version: 1, overtook: false } });
    const { user, live, field } = await openPlain();
    await user.type(field, 'h');
    expect(api.editRoom).toHaveBeenCalledWith(
      '4821',
      { text: 'h', baseVersion: 0, device: pageDevice() },
      undefined,
    );
    live.text(1, 0, pageDevice(), 'h');
    live.text(2, 1, other, 'hello from there');
    await waitFor(() => expect(field).toHaveValue('hello from there'));
    expect(screen.queryByText('Another device replaced your edit with a newer one.')).toBeNull();
  });

  it('says when another device replaced an edit it had not seen', async () => {
    api.editRoom.mockResolvedValue({ ok: true, data: { version: 1, overtook: false } });
    const { user, live, field } = await openPlain();
    await user.type(field, 'm');
    await waitFor(() => expect(api.editRoom).toHaveBeenCalledTimes(1));
    live.text(2, 0, other, 'theirs');
    await waitFor(() => expect(field).toHaveValue('theirs'));
    expect(
      await screen.findByText('Another device replaced your edit with a newer one.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['deleted', 'This room has ended.'],
    ['expired', 'This room has expired.'],
    ['destroyed', 'This room was destroyed after too many wrong passwords.'],
  ])('says so when the room ends (%s)', async (reason, words) => {
    const { live } = await openPlain();
    live.ended(reason);
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(screen.queryByLabelText('Room text')).toBeNull();
    expect(streams.closed).toBeGreaterThan(0);
  });

  it('says when the room is full, and tries again when asked', async () => {
    const user = userEvent.setup();
    render(<RoomView room={plainRoom} onExit={() => undefined} />);
    await waitFor(() => expect(streams.opened).toHaveLength(1));
    server().refuse('ROOM_FULL', 409);
    expect(await screen.findByText('This room is full.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'It already has 20 devices connected. Close it on one of them and try again.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(streams.opened).toHaveLength(2));
  });

  it("lets the room's creator end it, after a confirmation", async () => {
    keepDeleteToken('4821', 'delete-token', plainRoom.expiresAt);
    shares.deleteShare.mockResolvedValue({ ok: true, data: null });
    const { user } = await openPlain();
    await user.click(screen.getByRole('button', { name: 'End room' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('End this room now?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'End room now', hidden: true }));
    expect(await screen.findByText('This room has ended.')).toBeInTheDocument();
    expect(shares.deleteShare).toHaveBeenCalledWith('4821', 'delete-token');
    expect(deleteTokenFor('4821')).toBeUndefined();
  });
});

describe('RoomView of an encrypted room', () => {
  let keys: WriterKeys;
  beforeAll(async () => {
    keys = await createKeys('correct horse', { iter: 100_000 });
  });
  const encryptedRoom = (): RoomViewData => ({
    ...plainRoom,
    code: '5931',
    encrypted: true,
    kdf: keys.kdf,
    attemptsLeft: 5,
  });

  it('asks for the password, then reads and writes the text sealed', async () => {
    api.unlockRoom
      .mockResolvedValueOnce({
        ok: false,
        problem: {
          code: 'WRONG_PASSWORD',
          status: 403,
          title: 'Wrong password',
          detail: '',
          attemptsLeft: 4,
        },
      })
      .mockResolvedValueOnce({ ok: true, data: { roomToken: 'room-token' } });
    api.editRoom.mockResolvedValue({ ok: true, data: { version: 2, overtook: false } });
    const user = userEvent.setup();
    render(<RoomView room={encryptedRoom()} onExit={() => undefined} />);
    expect(screen.getByText('This room is password protected')).toBeInTheDocument();
    expect(screen.getByText('End-to-end encrypted')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Join Room' }));
    expect(
      await screen.findByText('Failed to decrypt content. Please check your password.'),
    ).toBeInTheDocument();
    expect(screen.getByText('4 attempts left.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Join Room' }));
    await waitFor(() => expect(streams.opened).toHaveLength(1), { timeout: 5000 });
    const live = server();
    expect(live.options.headers?.()).toEqual({ Authorization: 'Bearer room-token' });
    live.open();
    live.sealed(0, 0, null, await sealRoomText(keys.encKey, UNASSIGNED_ROOM_CODE, ''));
    live.sealed(1, 0, other, await sealRoomText(keys.encKey, '5931', 'secret words'));
    const field = screen.getByLabelText('Room text');
    await waitFor(() => expect(field).toHaveValue('secret words'));

    await user.type(field, '!');
    await waitFor(() => expect(api.editRoom).toHaveBeenCalled());
    const [code, body, token] = api.editRoom.mock.calls[0]!;
    expect(code).toBe('5931');
    expect(token).toBe('room-token');
    expect(body).toMatchObject({ baseVersion: 1, device: pageDevice() });
    expect(body.text).toBeUndefined();
    expect(await openRoomText(keys.encKey, '5931', body.sealed)).toBe('secret words!');
  });

  it('skips the password for the tab that started the room', async () => {
    const room = { ...encryptedRoom(), code: '5932' };
    keepRoomKeys('5932', { encKey: keys.encKey, authKey: keys.authKey });
    api.unlockRoom.mockResolvedValue({ ok: true, data: { roomToken: 'room-token' } });
    render(<RoomView room={room} onExit={() => undefined} />);
    expect(screen.queryByText('This room is password protected')).toBeNull();
    await waitFor(() => expect(streams.opened).toHaveLength(1));
    expect(api.unlockRoom).toHaveBeenCalledWith('5932', expect.any(String));
  });

  it('says so when the last wrong password destroyed the room', async () => {
    api.unlockRoom.mockResolvedValue({
      ok: false,
      problem: { code: 'SHARE_DESTROYED', status: 410, title: '', detail: '' },
    });
    const user = userEvent.setup();
    // A room of its own: the tab keeps the keys of the rooms it opened.
    const room = { ...encryptedRoom(), code: '5933', attemptsLeft: 1 };
    render(<RoomView room={room} onExit={() => undefined} />);
    expect(screen.getByText('1 attempts left.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Join Room' }));
    expect(
      await screen.findByText('This room was destroyed after too many wrong passwords.'),
    ).toBeInTheDocument();
  });
});
