import type { ShareState } from '@codedrop/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openShareStateStream } from './share-state-stream';

const encoder = new TextEncoder();

/** A response whose body the test writes piece by piece, then ends. */
function liveResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const problem = (status: number, code: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title: code, status, detail: '', code }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

const state = (extra: Partial<ShareState> = {}): ShareState => ({
  code: '4821',
  standing: 'live',
  viewed: false,
  downloads: { count: 0, max: 3 },
  reports: 0,
  submissions: null,
  expiresAt: '2026-11-23T15:30:00.000Z',
  ...extra,
});

const event = (value: unknown) => `event: state\ndata: ${JSON.stringify(value)}\n\n`;

/** A fetch that answers with each of `answers` in turn, then waits until aborted. */
function fetchOf(answers: (() => Response)[]) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    const next = answers.shift();
    if (next) return next();
    return new Promise<Response>((_resolve, reject) =>
      init.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
    );
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

let open: { close: () => void } | undefined;
afterEach(() => open?.close());

function start(answers: (() => Response)[]) {
  const states: ShareState[] = [];
  const refused: string[] = [];
  const { fetch, calls } = fetchOf(answers);
  open = openShareStateStream({
    code: '4821',
    deleteToken: 'the-token',
    onState: (next) => states.push(next),
    onRefused: (p) => refused.push(p.code),
    fetch,
    wait: async () => undefined,
  });
  return { states, refused, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('openShareStateStream', () => {
  it("asks for the share's events with the delete token and passes each state on", async () => {
    const live = liveResponse();
    const { states, calls } = start([() => live.response]);
    live.write(': ping\n\n' + event(state()));
    live.write(event(state({ viewed: true, downloads: { count: 1, max: 3 } })));
    await vi.waitFor(() => expect(states).toHaveLength(2));
    expect(calls[0]!.url).toBe('/api/shares/4821/events');
    expect(calls[0]!.headers).toMatchObject({ Authorization: 'Bearer the-token' });
    expect(states[1]).toMatchObject({ viewed: true, downloads: { count: 1, max: 3 } });
  });

  it('skips events of other types and states that do not read', async () => {
    const live = liveResponse();
    const { states } = start([() => live.response]);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    live.write('event: other\ndata: {}\n\n' + event({ code: '4821', standing: 'gone' }));
    live.write('event: state\ndata: not json\n\n' + event(state({ reports: 1 })));
    await vi.waitFor(() => expect(states).toHaveLength(1));
    expect(states[0]!.reports).toBe(1);
  });

  it('stops after a final standing and never connects again', async () => {
    const live = liveResponse();
    const { states, calls } = start([() => live.response, () => liveResponse().response]);
    live.write(event(state()) + event(state({ standing: 'burnt', viewed: true })));
    await vi.waitFor(() => expect(states).toHaveLength(2));
    // The client lets go of the stream itself, as the server does.
    await settle();
    expect(states.map((s) => s.standing)).toEqual(['live', 'burnt']);
    expect(calls).toHaveLength(1);
  });

  it('connects again when the stream drops while the share is live', async () => {
    const first = liveResponse();
    const second = liveResponse();
    const { states, calls } = start([() => first.response, () => second.response]);
    first.write(event(state({ standing: 'uploading' })));
    await vi.waitFor(() => expect(states).toHaveLength(1));
    first.end();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    second.write(event(state({ submissions: 2, downloads: null })));
    await vi.waitFor(() => expect(states).toHaveLength(2));
    expect(calls[1]!.headers).toMatchObject({ Authorization: 'Bearer the-token' });
  });

  it('stops on a refused token or a missing share, and says so', async () => {
    const { refused, calls } = start([() => problem(403, 'FORBIDDEN')]);
    await vi.waitFor(() => expect(refused).toEqual(['FORBIDDEN']));
    await settle();
    expect(calls).toHaveLength(1);
  });

  it('tries again after a server error, as after a restart', async () => {
    const live = liveResponse();
    const { states, refused, calls } = start([
      () => problem(503, 'SERVICE_UNAVAILABLE'),
      () => live.response,
    ]);
    live.write(event(state()));
    await vi.waitFor(() => expect(states).toHaveLength(1));
    expect(refused).toEqual([]);
    expect(calls).toHaveLength(2);
  });
});
