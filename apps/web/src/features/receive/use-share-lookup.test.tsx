import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useShareLookup } from './use-share-lookup';

const shares = vi.hoisted(() => ({ getShare: vi.fn() }));
vi.mock('../../lib/api/lookup-api', () => shares);
const requests = vi.hoisted(() => ({ getRequest: vi.fn() }));
vi.mock('../../lib/api/requests-api', () => requests);
vi.mock('./viewer-loader', () => ({ loadViewer: async () => ({}) }));
afterEach(() => vi.clearAllMocks());
// The lookup loads its client on first use: the first answer may take a moment in a test.
const settled = { timeout: 10_000 };

const missing = (status: number, code: string) => ({
  ok: false,
  problem: { code, status, title: 'Share not found', detail: '' },
});
const requestView = { code: '4821', open: true };
const View = () => null;
const loadRequestView = vi.fn(async () => View);

describe('useShareLookup', () => {
  it('opens a request when no share has the code', async () => {
    shares.getShare.mockResolvedValue(missing(404, 'SHARE_NOT_FOUND'));
    requests.getRequest.mockResolvedValue({ ok: true, data: requestView });
    const { result } = renderHook(() => useShareLookup('4821', 'a', loadRequestView));
    await waitFor(() => expect(result.current.status).toBe('request'), settled);
    expect(result.current).toEqual({ status: 'request', request: requestView, View });
  });

  it('asks for a request only after a 404', async () => {
    shares.getShare.mockResolvedValue({ ok: true, data: { code: '4821' } });
    const found = renderHook(() => useShareLookup('4821', 'a', loadRequestView));
    await waitFor(() => expect(found.result.current.status).toBe('found'), settled);
    shares.getShare.mockResolvedValue(missing(410, 'SHARE_EXPIRED'));
    const gone = renderHook(() => useShareLookup('4821', 'b', loadRequestView));
    await waitFor(() => expect(gone.result.current.status).toBe('failed'), settled);
    expect(requests.getRequest).not.toHaveBeenCalled();
    expect(loadRequestView).not.toHaveBeenCalled();
  });

  it("says the share's words when the code is no request's either", async () => {
    shares.getShare.mockResolvedValue(missing(404, 'SHARE_NOT_FOUND'));
    requests.getRequest.mockResolvedValue(missing(404, 'SHARE_NOT_FOUND'));
    const { result } = renderHook(() => useShareLookup('4821', 'a', loadRequestView));
    await waitFor(() => expect(result.current.status).toBe('failed'), settled);
    expect(result.current).toMatchObject({ message: { title: 'Share not found' } });
  });
});
