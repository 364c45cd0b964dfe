import type { ShareState } from '@codedrop/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Stream from '../lib/live/share-state-stream';
import type { ShareStateStreamOptions } from '../lib/live/share-state-stream';
import { LiveShareStatus } from './live-share-status';

const opened: ShareStateStreamOptions[] = [];
const close = vi.fn();
vi.mock('../lib/live/share-state-stream', async (importOriginal) => ({
  ...(await importOriginal<typeof Stream>()),
  openShareStateStream: (options: ShareStateStreamOptions) => {
    opened.push(options);
    return { close };
  },
}));

beforeEach(() => {
  opened.length = 0;
  close.mockClear();
});

const fileShare: ShareState = {
  code: '4821',
  standing: 'live',
  viewed: false,
  downloads: { count: 0, max: 10 },
  reports: 0,
  submissions: null,
  expiresAt: '2026-11-23T15:30:00.000Z',
};
const request: ShareState = { ...fileShare, downloads: null, submissions: 0 };

/** The card's line once the stream module has loaded, and a way to play the server. */
async function watch() {
  render(<LiveShareStatus code="4821" deleteToken="the-token" />);
  const status = screen.getByRole('status');
  await waitFor(() => expect(opened).toHaveLength(1));
  const stream = opened[0]!;
  return {
    status,
    stream,
    send: (state: ShareState) =>
      act(() => {
        stream.onConnection?.('open');
        stream.onState(state);
      }),
  };
}

describe('LiveShareStatus', () => {
  it("says it is checking until the first state, then shows a file share's pickups", async () => {
    const { status, stream, send } = await watch();
    expect(status).toHaveTextContent('Checking…');
    expect(stream).toMatchObject({ code: '4821', deleteToken: 'the-token' });
    send(fileShare);
    expect(status).toHaveTextContent('Not opened yet·Downloads: 0 of 10');
    send({ ...fileShare, viewed: true, downloads: { count: 2, max: 10 } });
    expect(status).toHaveTextContent('Opened·Downloads: 2 of 10');
    expect(status).not.toHaveTextContent('Reported');
  });

  it("shows a request's submissions, and that it was reported", async () => {
    const { status, send } = await watch();
    send({ ...request, viewed: true, submissions: 3, reports: 1 });
    expect(status).toHaveTextContent('Opened·Submissions: 3·Reported');
    expect(status).not.toHaveTextContent('Downloads');
  });

  it('says how the share ended, in words', async () => {
    const { status, send } = await watch();
    send({ ...fileShare, downloads: null, standing: 'burnt', viewed: true });
    expect(status).toHaveTextContent(/^Viewed and burnt$/);
    const ends: [ShareState, string][] = [
      [{ ...fileShare, standing: 'exhausted' }, 'All downloads used'],
      [{ ...fileShare, standing: 'expired', viewed: true }, 'Expired·Opened'],
      [{ ...fileShare, standing: 'deleted' }, 'Deleted'],
      [{ ...request, standing: 'deleted' }, 'Ended'],
      [{ ...fileShare, standing: 'destroyed' }, 'Destroyed after too many wrong passwords'],
      [{ ...fileShare, standing: 'quarantined', reports: 2 }, 'Held for review'],
      [{ ...fileShare, standing: 'removed' }, 'Removed'],
    ];
    for (const [state, words] of ends) {
      send(state);
      expect(status.textContent).toMatch(new RegExp(`^${words}`));
    }
  });

  it('shows the last state while the stream reconnects', async () => {
    const { status, stream, send } = await watch();
    send({ ...fileShare, viewed: true });
    act(() => stream.onConnection?.('reconnecting'));
    expect(status).toHaveTextContent('Opened·Downloads: 0 of 10·Reconnecting…');
  });

  it('keeps the last state, its dot grey, when a reconnection is refused', async () => {
    const { status, stream, send } = await watch();
    send({ ...fileShare, viewed: true });
    expect(status.firstElementChild).toHaveClass('bg-emerald-500');
    act(() =>
      stream.onRefused?.({ code: 'FORBIDDEN', status: 403, title: 'Forbidden', detail: '' }),
    );
    expect(status).toHaveTextContent('Opened·Downloads: 0 of 10');
    expect(status.firstElementChild).toHaveClass('bg-slate-400');
  });

  it('goes quiet when the server will not say', async () => {
    const { stream } = await watch();
    act(() =>
      stream.onRefused?.({ code: 'FORBIDDEN', status: 403, title: 'Forbidden', detail: '' }),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('stops watching when the card goes', async () => {
    const view = render(<LiveShareStatus code="4821" deleteToken="the-token" />);
    await waitFor(() => expect(opened).toHaveLength(1));
    view.unmount();
    expect(close).toHaveBeenCalledOnce();
  });
});
