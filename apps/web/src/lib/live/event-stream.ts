import { problemFrom } from '../api/request';
import type { ClientProblem } from '../api/result';
import { createSseParser, type SseEvent } from './sse-parser';

/** Where a stream is: its first connection, open, or waiting to connect again. */
export type EventStreamState = 'connecting' | 'open' | 'reconnecting';

export interface EventStreamOptions {
  url: string;
  /** Each connection's own headers (an Authorization, say), asked for anew every time. */
  headers?: () => Record<string, string>;
  /** The id of the last event already seen: the server sends only what came after it. */
  lastEventId?: string;
  onEvent: (event: SseEvent) => void;
  onState?: (state: EventStreamState) => void;
  /**
   * A connection the server refused (an answer other than a 2xx event stream): `stop` ends
   * the stream for good, `retry` connects again after the back-off.
   */
  onRefused: (problem: ClientProblem) => 'stop' | 'retry';
  fetch?: typeof fetch;
  /** The wait between connections; tests pass one that does not sleep. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** A connection that brings nothing for this long (not even a ping) is given up. */
  idleMs?: number;
}

export interface EventStream {
  /** Stops reading and never connects again. */
  close: () => void;
  /** The last event id seen, sent as `Last-Event-ID` on every reconnection. */
  readonly lastEventId: string;
}

/** What the server asks for in `retry:` until it says: the HTML standard leaves it open. */
const defaultRetryMs = 1_500;
/** The longest wait between failed connections. */
const maxBackoffMs = 15_000;
/** Two of the server's pings (every 25 s) missed: the connection is dead, though not closed. */
const defaultIdleMs = 60_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

type Outcome =
  /** The stream was open and then ended without being closed by us. */
  | 'dropped'
  /** No stream at all: the network, a refusal to retry, or not an event stream. */
  | { failed: true; retryAfterMs?: number }
  | 'stopped';

/**
 * Server-Sent Events over `fetch` (EventSource cannot send an Authorization header): reads
 * the stream as it arrives, and when it drops, connects again with `Last-Event-ID`, after
 * the server's `retry` delay, doubling (up to a cap) while connections keep failing.
 */
export function openEventStream(options: EventStreamOptions): EventStream {
  const closing = new AbortController();
  const wait = options.wait ?? sleep;
  const idleMs = options.idleMs ?? defaultIdleMs;
  let lastEventId = options.lastEventId ?? '';
  let retryMs = defaultRetryMs;

  async function connect(): Promise<Outcome> {
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    closing.signal.addEventListener('abort', stop);
    let idle: ReturnType<typeof setTimeout> | undefined;
    const awake = () => {
      clearTimeout(idle);
      idle = setTimeout(stop, idleMs);
    };
    try {
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        ...options.headers?.(),
      };
      if (lastEventId !== '') headers['Last-Event-ID'] = lastEventId;
      awake();
      let response: Response;
      try {
        response = await (options.fetch ?? fetch)(options.url, {
          headers,
          cache: 'no-store',
          signal: attempt.signal,
        });
      } catch {
        return { failed: true };
      }
      if (!response.ok) {
        const problem = await problemFrom(response);
        if (options.onRefused(problem) === 'stop') return 'stopped';
        const retryAfter = problem.retryAfterSeconds;
        return {
          failed: true,
          retryAfterMs: retryAfter === undefined ? undefined : retryAfter * 1000,
        };
      }
      const type = response.headers.get('content-type') ?? '';
      if (response.body === null || !type.startsWith('text/event-stream')) {
        await response.body?.cancel().catch(() => undefined);
        return { failed: true };
      }
      options.onState?.('open');
      return await read(response.body, awake, attempt.signal);
    } finally {
      clearTimeout(idle);
      closing.signal.removeEventListener('abort', stop);
      attempt.abort();
    }
  }

  async function read(
    body: ReadableStream<Uint8Array>,
    awake: () => void,
    signal: AbortSignal,
  ): Promise<Outcome> {
    // Each connection starts a new parser: half an event from a dropped one is not an event.
    const parser = createSseParser(
      {
        onEvent(event) {
          // The rest of a piece read before a close is not for anyone.
          if (closing.signal.aborted) return;
          lastEventId = event.lastEventId;
          options.onEvent(event);
        },
        onRetry(ms) {
          retryMs = ms;
        },
      },
      lastEventId,
    );
    const reader = body.getReader();
    const decoder = new TextDecoder();
    // A closed stream or a silent connection: the pending read ends at once.
    const cancel = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', cancel);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || closing.signal.aborted) break;
        awake();
        parser.push(decoder.decode(value, { stream: true }));
        if (closing.signal.aborted) break;
      }
    } catch {
      // A broken connection, or the idle watchdog: connect again.
    } finally {
      signal.removeEventListener('abort', cancel);
      cancel();
    }
    return closing.signal.aborted ? 'stopped' : 'dropped';
  }

  async function run() {
    let failures = 0;
    // Until a first connection opens, the stream is still connecting, however often it tries.
    let opened = false;
    options.onState?.('connecting');
    while (!closing.signal.aborted) {
      const outcome = await connect();
      if (outcome === 'stopped' || closing.signal.aborted) return;
      let delay = retryMs;
      if (outcome === 'dropped') {
        failures = 0;
        opened = true;
      } else {
        failures += 1;
        delay = Math.min(retryMs * 2 ** (failures - 1), maxBackoffMs);
        delay = Math.max(delay, outcome.retryAfterMs ?? 0);
      }
      if (opened) options.onState?.('reconnecting');
      await wait(delay, closing.signal);
    }
  }

  void run();

  return {
    close: () => closing.abort(),
    get lastEventId() {
      return lastEventId;
    },
  };
}
