import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useShareLookup } from './use-share-lookup';

const shares = vi.hoisted(() => ({ getShare: vi.fn() }));
vi.mock('../../lib/api/lookup-api', () => shares);
const requests = vi.hoisted(() => ({ getRequest: vi.fn() }));
vi.mock('../../lib/api/requests-api', () => requests);
const rooms = vi.hoisted(() => ({ getRoom: vi.fn() }));
vi.mock('../../lib/api/rooms-api', () => rooms);
vi.mock('./viewer-loader', () => ({ loadViewer: async () => ({}) }));
afterEach(() => vi.clearAllMocks());
// The lookup loads its client on first use: the first answer may take a moment in a test.
const settled = { timeout: 10_000 };

const missing = (status: number, code: string, kind?: 'request' | 'room') => ({
  ok: false,
  problem: { code, status, title: 'Share not found', detail: '', ...(kind ? { kind } : {}) },
});
const requestView = { code: '4821', open: true };
const roomView = { code: '4821', type: 'room', encrypted: false };
const View = () => null;
const RoomView = () => null;
const loadRequestView = vi.fn(async () => View);
const loadRoomView = vi.fn(async () => RoomView);
const lookUp = (attempt = 'a') =>
  renderHook(() => useShareLookup('4821', attempt, loadRequestView, loadRoomView));

describe('useShareLookup', () => {
  it("opens a request when the share lookup says the code is a request's", async () => {
    shares.getShare.mockResolvedValue(missing(404, 'SHARE_NOT_FOUND', 'request'));
    requests.getRequest.mockResolvedValue({ ok: true, data: requestView });
    const { result } = lookUp();
    await waitFor(() => expect(result.current.status).toBe('request'), settled);
    expect(result.current).toEqual({ status: 'request', request: requestView, View });
    expect(rooms.getRoom).not.toHaveBeenCalled();
    expect(loadRoomView).not.toHaveBeenCalled();
  });

  it("opens a live room when the share lookup says the code is a room's", async () => {
    shares.getShare.mockResolvedValue(missing(404, 'SHARE_NOT_FOUND', 'room'));
    rooms.getRoom.mockResolvedValue({ ok: true, data: roomView });
    const { result } = lookUp();
    await waitFor(() => expect(result.current.status).toBe('room'), settled);
    expect(result.current).toEqual({ status: 'room', room: roomView, View: RoomView });
    expect(rooms.getRoom).toHaveBeenCalledWith('4821', expect.any(AbortSignal));
    expect(requests.getRequest).not.toHaveBeenCalled();
    expect(loadRequestView).not.toHaveBeenCalled();
  });

  it('says why a room cannot be opened when it ended meanwhile', async () => {
    shares.getShare.mockResolvedValue(missing(404, 'SHARE_NOT_FOUND', 'room'));
    rooms.getRoom.mockResolvedValue({
      ok: false,
      problem: { code: 'SHARE_EXPIRED', status: 410, title: 'Share has expired', detail: '' },
    });
    const { result } = lookUp();
    await waitFor(() => expect(result.current.status).toBe('failed'), settled);
    expect(result.current).toMatchObject({ message: { title: 'Share has expired' } });
  });

  it("asks for nothing else when the code is nobody's, or the share is found or gone", async () => {
    shares.getShare.mockResolvedValue(missing(404, 'SHARE_NOT_FOUND'));
    const nobodys = lookUp('a');
    await waitFor(() => expect(nobodys.result.current.status).toBe('failed'), settled);
    expect(nobodys.result.current).toMatchObject({ message: { title: 'Share not found' } });
    shares.getShare.mockResolvedValue({ ok: true, data: { code: '4821' } });
    const found = lookUp('b');
    await waitFor(() => expect(found.result.current.status).toBe('found'), settled);
    shares.getShare.mockResolvedValue(missing(410, 'SHARE_EXPIRED'));
    const gone = lookUp('c');
    await waitFor(() => expect(gone.result.current.status).toBe('failed'), settled);
    expect(requests.getRequest).not.toHaveBeenCalled();
    expect(rooms.getRoom).not.toHaveBeenCalled();
    expect(loadRequestView).not.toHaveBeenCalled();
    expect(loadRoomView).not.toHaveBeenCalled();
  });

  it("says the share's words when the request is gone too", async () => {
    shares.getShare.mockResolvedValue(missing(404, 'SHARE_NOT_FOUND', 'request'));
    requests.getRequest.mockResolvedValue(missing(404, 'SHARE_NOT_FOUND'));
    const { result } = lookUp();
    await waitFor(() => expect(result.current.status).toBe('failed'), settled);
    expect(result.current).toMatchObject({ message: { title: 'Share not found' } });
  });
});
