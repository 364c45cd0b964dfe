import type { ShareState } from '@codedrop/contract';
import { useEffect, useState } from 'react';
import type { EventStreamState } from '../lib/live/event-stream';

export interface ShareStateView {
  /** The latest state the server sent; null until the first arrives. */
  state: ShareState | null;
  /** `closed` once nothing more will come: the share ended, or the server would not say. */
  connection: EventStreamState | 'closed';
}

const initial: ShareStateView = { state: null, connection: 'connecting' };

/**
 * A creator's share as it stands, kept up to date while the component is mounted
 * (lib/live/share-state-stream.ts). The stream's code, with zod, loads only here, in an
 * effect: a tool's page loads nothing more before its first create.
 */
export function useShareState(code: string, deleteToken: string): ShareStateView {
  const key = `${code}\0${deleteToken}`;
  const [view, setView] = useState({ key, ...initial });

  useEffect(() => {
    let stopped = false;
    let stream: { close: () => void } | undefined;
    // Another share's states, still arriving, never land on this one.
    const update = (patch: Partial<ShareStateView>) =>
      setView((current) => ({
        ...(current.key === key ? current : { key, ...initial }),
        ...patch,
      }));

    import('../lib/live/share-state-stream').then(
      ({ openShareStateStream, isFinalStanding }) => {
        if (stopped) return;
        stream = openShareStateStream({
          code,
          deleteToken,
          onConnection: (connection) => update({ connection }),
          onState: (state) =>
            update({ state, connection: isFinalStanding(state.standing) ? 'closed' : 'open' }),
          onRefused: () => update({ connection: 'closed' }),
        });
      },
      (error: unknown) => {
        // The card works without it: it only goes quiet.
        console.error('Could not load the live status', error);
        if (!stopped) update({ connection: 'closed' });
      },
    );
    return () => {
      stopped = true;
      stream?.close();
    };
  }, [key, code, deleteToken]);

  return view.key === key ? view : initial;
}
