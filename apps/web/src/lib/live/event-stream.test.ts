import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEventStream, type EventStream, type EventStreamState } from './event-stream';
import type { SseEvent } from './sse-parser';

const encoder = new TextEncoder();

/** A response whose body the test writes piece by piece, then ends or breaks. */
function liveResponse(type = 'text/event-stream') {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': type } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: () => controller.error(new TypeError('network')),
  };
}

const problem = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  new Response(
    JSON.stringify({ type: 'about:blank', title: code, status, detail: '', code, ...extra }),
    {
      status,
      headers: { 'content-type': 'application/problem+json' },
    },
  );

/** A fetch that answers with each of `answers` in turn, then waits until aborted. */
function fetchOf(answers: (() => Response | Promise<Response>)[]) {
  const calls: { headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    calls.push({ headers: init.headers as Record<string, string> });
    const next = answers.shift();
    if (next) return next();
    return new Promise<Response>((_resolve, reject) =>
      init.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
    );
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

let open: EventStream | undefined;
afterEach(() => open?.close());

function start(
  answers: (() => Response | Promise<Response>)[],
  extra: Partial<Parameters<typeof openEventStream>[0]> = {},
) {
  const events: SseEvent[] = [];
  const states: EventStreamState[] = [];
  const waits: number[] = [];
  const refused: string[] = [];
  const { fetch, calls } = fetchOf(answers);
  open = openEventStream({
    url: '/api/rooms/4821/events?device=abcdefgh',
    onEvent: (event) => events.push(event),
    onState: (state) => states.push(state),
    onRefused: (p) => {
      refused.push(p.code);
      return 'retry';
    },
    fetch,
    wait: async (ms) => {
      waits.push(ms);
    },
    ...extra,
  });
  return { events, states, waits, calls, refused, stream: open };
}

describe('openEventStream', () => {
  it('reads events as they arrive, whatever the pieces', async () => {
    const live = liveResponse();
    const { events, states } = start([() => live.response]);
    live.write('retry: 1500\n\nevent: dev');
    live.write('ices\ndata: {"devices":1}\n');
    live.write('\nid: 3\nevent: text\ndata: {"version":3}\n\n');
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events.map((event) => event.type)).toEqual(['devices', 'text']);
    expect(states).toEqual(['connecting', 'open']);
  });

  it('connects again after a drop, with Last-Event-ID and the headers of the moment', async () => {
    const first = liveResponse();
    const second = liveResponse();
    let token = 'one';
    const { events, states, waits, calls, stream } = start(
      [() => first.response, () => second.response],
      { headers: () => ({ Authorization: `Bearer ${token}` }) },
    );
    first.write('retry: 1200\n\nid: 5\nevent: text\ndata: five\n\nid: 6\nevent: text\ndata: si');
    await vi.waitFor(() => expect(events).toHaveLength(1));
    token = 'two';
    first.end();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]!.headers).toEqual({ Accept: 'text/event-stream', Authorization: 'Bearer one' });
    expect(calls[1]!.headers).toEqual({
      Accept: 'text/event-stream',
      Authorization: 'Bearer two',
      'Last-Event-ID': '5',
    });
    expect(waits).toEqual([1200]);
    second.write('id: 6\nevent: text\ndata: six\n\n');
    await vi.waitFor(() => expect(events.map((event) => event.data)).toEqual(['five', 'six']));
    expect(stream.lastEventId).toBe('6');
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('connects again after a broken connection too', async () => {
    const first = liveResponse();
    const second = liveResponse();
    const { calls } = start([() => first.response, () => second.response]);
    first.write('data: x\n\n');
    first.fail();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
  });

  it('backs off while connections fail, up to a cap, and starts over once one opens', async () => {
    const failing = () => Promise.reject(new TypeError('offline'));
    const live = liveResponse();
    const after = liveResponse();
    const { waits, states, calls } = start([
      failing,
      failing,
      failing,
      failing,
      failing,
      failing,
      () => live.response,
      failing,
      () => after.response,
    ]);
    await vi.waitFor(() => expect(calls).toHaveLength(7));
    expect(waits).toEqual([1500, 3000, 6000, 12000, 15000, 15000]);
    // Never open yet: still connecting.
    expect(states).toEqual(['connecting', 'open']);
    live.end();
    await vi.waitFor(() => expect(calls).toHaveLength(9));
    expect(waits.slice(6)).toEqual([1500, 1500]);
  });

  it('stops for good when the refusal says so', async () => {
    const { fetch, calls } = fetchOf([() => problem(409, 'ROOM_FULL')]);
    const refused: string[] = [];
    open = openEventStream({
      url: '/events',
      onEvent: () => undefined,
      onRefused: (p) => {
        refused.push(p.code);
        return 'stop';
      },
      fetch,
      wait: async () => undefined,
    });
    await vi.waitFor(() => expect(refused).toEqual(['ROOM_FULL']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(1);
  });

  it('waits as long as a rate limit asks before trying again', async () => {
    const live = liveResponse();
    const { waits, refused, calls } = start([
      () => problem(429, 'RATE_LIMITED', { retryAfterSeconds: 20 }),
      () => live.response,
    ]);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(refused).toEqual(['RATE_LIMITED']);
    expect(waits).toEqual([20_000]);
  });

  it('takes an answer that is no event stream as a failed connection', async () => {
    const html = liveResponse('text/html');
    const { calls, states } = start([() => html.response]);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(states).toEqual(['connecting']);
  });

  it('stops reading and never reconnects once closed, even from inside an event', async () => {
    const live = liveResponse();
    const { fetch, calls } = fetchOf([() => live.response]);
    const types: string[] = [];
    const stream: EventStream = openEventStream({
      url: '/events',
      onEvent: (event) => {
        types.push(event.type);
        if (event.type === 'ended') stream.close();
      },
      onRefused: () => 'retry',
      fetch,
      wait: async () => undefined,
    });
    live.write('event: ended\ndata: {"reason":"deleted"}\n\nevent: text\ndata: late\n\n');
    await vi.waitFor(() => expect(types).toEqual(['ended']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(types).toEqual(['ended']);
    expect(calls).toHaveLength(1);
  });

  it('gives up a connection that stays silent, and connects again', async () => {
    const silent = liveResponse();
    const next = liveResponse();
    const { calls } = start([() => silent.response, () => next.response], { idleMs: 30 });
    silent.write(': ping\n\n');
    await vi.waitFor(() => expect(calls).toHaveLength(2), { timeout: 2000 });
  });
});
