import {
  pathTo,
  shareEventsEndpoint,
  shareStateSchema,
  type ShareStanding,
  type ShareState,
} from '@codedrop/contract';
import type { ClientProblem } from '../api/result';
import { openEventStream, type EventStreamOptions, type EventStreamState } from './event-stream';

// A creator's live view of their share (docs/api.md#a-creators-live-view). Loaded by
// components/use-share-state.ts only once a result card is shown, with zod and the reader.

/** Whether a share standing this way will never change again: the server ends the stream. */
export function isFinalStanding(standing: ShareStanding): boolean {
  return standing !== 'live' && standing !== 'uploading';
}

export interface ShareStateStreamOptions {
  code: string;
  /** The create answer's delete token: only the creator may watch. */
  deleteToken: string;
  /** Each state as it arrives: at once, then after every change. */
  onState: (state: ShareState) => void;
  onConnection?: (state: EventStreamState) => void;
  /** The server will not stream this share (a wrong token, no such share): nothing follows. */
  onRefused?: (problem: ClientProblem) => void;
  fetch?: EventStreamOptions['fetch'];
  wait?: EventStreamOptions['wait'];
}

/**
 * A refusal worth another try: the server restarting behind a proxy, or a rate limit. The
 * other refusals (the token, the share) will answer the same next time.
 */
function passing(problem: ClientProblem): boolean {
  return problem.status >= 500 || problem.status === 408 || problem.status === 429;
}

function stateOf(data: string): ShareState | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const result = shareStateSchema.safeParse(value);
  return result.success ? result.data : null;
}

/**
 * Watches a share for its creator: `state` events until one says the share ended (the
 * server then closes, and nothing connects again); a stream that drops before that is
 * opened again with the reader's back-off.
 */
export function openShareStateStream(options: ShareStateStreamOptions): { close: () => void } {
  const { code, deleteToken } = options;
  const stream = openEventStream({
    url: pathTo(shareEventsEndpoint, { code }),
    headers: () => ({ Authorization: `Bearer ${deleteToken}` }),
    onState: options.onConnection,
    onRefused(problem) {
      if (passing(problem)) return 'retry';
      options.onRefused?.(problem);
      return 'stop';
    },
    onEvent(event) {
      if (event.type !== 'state') return;
      const state = stateOf(event.data);
      if (state === null) {
        console.error('A share state that does not read', event.data);
        return;
      }
      // Closed before the state is passed on: whatever it starts, no reconnection follows.
      if (isFinalStanding(state.standing)) stream.close();
      options.onState(state);
    },
    fetch: options.fetch,
    wait: options.wait,
  });
  return { close: () => stream.close() };
}
