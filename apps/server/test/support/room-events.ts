// An event stream of the API for the contract suites (a live room's device, a creator's
// live view): read over real HTTP, the events kept in order, and a way to wait for the next
// one of a kind.

export interface RoomEvent {
  event: string;
  id: string | null;
  data: Record<string, unknown>;
}

export interface RoomListener {
  status: number;
  /** The problem+json body when the stream was refused. */
  problem: Record<string, unknown> | null;
  headers: Headers;
  events: RoomEvent[];
  /** The next event of `kind` (after those already taken), within `timeoutMs`. */
  next(kind: string, timeoutMs?: number): Promise<RoomEvent>;
  /** Resolves when the server closed the stream. */
  closed: Promise<void>;
  close(): void;
}

export function listen(
  base: string,
  code: string,
  device: string,
  headers: Record<string, string> = {},
): Promise<RoomListener> {
  return listenAt(`${base}/api/rooms/${code}/events?device=${device}`, headers);
}

/** Any event stream of the API (a creator's live view too). */
export async function listenAt(
  url: string,
  headers: Record<string, string> = {},
): Promise<RoomListener> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: RoomEvent[] = [];
  const taken = new Map<string, number>();
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let ended = false;
  let problem: Record<string, unknown> | null = null;
  let closed: Promise<void> = Promise.resolve();
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    closed = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = parseBlock(block);
            if (event !== null) events.push(event);
          }
          wake();
        }
      } catch {
        // Aborted by close().
      } finally {
        ended = true;
        wake();
      }
    })();
  } else {
    problem = (await response.json()) as Record<string, unknown>;
    ended = true;
  }

  return {
    status: response.status,
    problem,
    headers: response.headers,
    events,
    closed,
    close: () => controller.abort(),
    next(kind, timeoutMs = 5_000) {
      return new Promise<RoomEvent>((resolve, reject) => {
        const check = () => {
          const from = taken.get(kind) ?? 0;
          const index = events.findIndex((event, i) => i >= from && event.event === kind);
          if (index >= 0) {
            taken.set(kind, index + 1);
            cleanup();
            resolve(events[index]!);
          } else if (ended) {
            cleanup();
            reject(new Error(`the stream ended without another ${kind} event`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${kind} event within ${timeoutMs} ms`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}

function parseBlock(block: string): RoomEvent | null {
  let event = 'message';
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  return { event, id, data: JSON.parse(data.join('\n')) as Record<string, unknown> };
}
