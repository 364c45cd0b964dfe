import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ShareView } from '../shares.js';
import { createApiClient } from './client.js';
import { getConfigEndpoint } from './service-endpoints.js';
import { lookupShareEndpoint } from './lookup-endpoints.js';
import {
  createShareEndpoint,
  deleteShareEndpoint,
  reportShareEndpoint,
  unlockShareEndpoint,
} from './shares-endpoints.js';

const share = {
  code: '1234',
  type: 'clipboard',
  status: 'ready',
  createdAt: '2025-01-15T10:00:00.000Z',
  expiresAt: '2025-01-16T10:00:00.000Z',
  isEncrypted: false,
  burnAfterReading: false,
  content: 'hello',
};

function mockFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const spy = vi.fn(impl);
  vi.stubGlobal('fetch', spy);
  return spy;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const api = createApiClient('');
const lookup = (code: string, signal?: AbortSignal) =>
  api.call(lookupShareEndpoint, { params: { code }, signal });

afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('returns the parsed body on success', async () => {
    const spy = mockFetch(async () => json(share));
    const result = await lookup('1234');
    expect(result).toEqual({ ok: true, data: share });
    expect(spy).toHaveBeenCalledWith(
      '/api/shares/1234',
      expect.objectContaining({ method: 'GET', body: undefined }),
    );
  });

  it('fills the path from the base URL and the encoded parameters', async () => {
    const spy = vi.fn(async () => json(share));
    const remote = createApiClient('https://codedrop.example', { fetch: spy });
    await remote.call(lookupShareEndpoint, { params: { code: '12/34?' } });
    expect(spy).toHaveBeenCalledWith(
      'https://codedrop.example/api/shares/12%2F34%3F',
      expect.objectContaining({ method: 'GET' }),
    );
  });

  it('sends JSON bodies with a content type', async () => {
    const spy = mockFetch(async () => json({ encryptedPayload: {} }));
    await api.call(unlockShareEndpoint, { params: { code: '1234' }, body: { authKey: 'a2V5' } });
    const init = spy.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"authKey":"a2V5"}');
    expect(init?.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
  });

  it('checks each success status against its own schema', async () => {
    mockFetch(async () => json({ message: 'Thanks' }, 202));
    const report = await api.call(reportShareEndpoint, {
      params: { code: '1234' },
      body: { reason: 'spam' },
    });
    expect(report).toEqual({ ok: true, data: { message: 'Thanks' } });

    // A 200 where the contract says 201: not the answer the contract promises.
    mockFetch(async () => json({ code: '1234' }, 200));
    const created = await api.call(createShareEndpoint, { body: { type: 'clipboard' } });
    expect(created).toMatchObject({ ok: false, problem: { code: 'BAD_RESPONSE', status: 200 } });
  });

  it('reads a 204 as null, sending the extra headers', async () => {
    const spy = mockFetch(async () => new Response(null, { status: 204 }));
    const result = await api.call(deleteShareEndpoint, {
      params: { code: '1234' },
      headers: { Authorization: 'Bearer token' },
    });
    expect(result).toEqual({ ok: true, data: null });
    expect(spy.mock.calls[0]?.[1]).toMatchObject({
      method: 'DELETE',
      headers: { Authorization: 'Bearer token' },
    });
  });

  it('returns the problem of a problem+json error', async () => {
    mockFetch(async () =>
      json(
        {
          type: 'https://codedrop.dev/problems/share-not-found',
          title: 'Share not found',
          status: 404,
          detail: 'Content not found or has expired. Please check the code and try again.',
          code: 'SHARE_NOT_FOUND',
        },
        404,
      ),
    );
    const result = await lookup('9999');
    expect(result).toEqual({
      ok: false,
      problem: expect.objectContaining({
        code: 'SHARE_NOT_FOUND',
        status: 404,
        title: 'Share not found',
      }),
    });
  });

  it('keeps retryAfterSeconds, falling back to the Retry-After header', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Too many attempts',
      status: 429,
      detail: 'Too many attempts. Please wait 30 seconds and try again.',
      code: 'RATE_LIMITED',
    };
    mockFetch(async () =>
      json({ ...problem, retryAfterSeconds: 30 }, 429, { 'Retry-After': '99' }),
    );
    const fromBody = await lookup('1111');
    expect(!fromBody.ok && fromBody.problem.retryAfterSeconds).toBe(30);

    mockFetch(async () => json(problem, 429, { 'Retry-After': '42' }));
    const fromHeader = await lookup('1111');
    expect(!fromHeader.ok && fromHeader.problem.retryAfterSeconds).toBe(42);
  });

  it('turns a non-problem error page into a problem from its status', async () => {
    mockFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const result = await api.call(getConfigEndpoint);
    expect(result).toMatchObject({ ok: false, problem: { code: 'INTERNAL', status: 502 } });

    mockFetch(async () => new Response('nope', { status: 429, headers: { 'Retry-After': '7' } }));
    const limited = await api.call(getConfigEndpoint);
    expect(limited).toMatchObject({
      ok: false,
      problem: { code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 7 },
    });
  });

  it('reports a network failure', async () => {
    mockFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const result = await api.call(getConfigEndpoint);
    expect(result).toMatchObject({ ok: false, problem: { code: 'NETWORK_ERROR', status: 0 } });
  });

  it('reports an aborted request as aborted, not as a network failure', async () => {
    const controller = new AbortController();
    mockFetch(async () => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const result = await lookup('1234', controller.signal);
    expect(result).toMatchObject({ ok: false, problem: { code: 'ABORTED' } });
  });

  it('reports a body cut off by an abort as aborted', async () => {
    const controller = new AbortController();
    const body = new ReadableStream({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('{"code":'));
        controller.signal.addEventListener('abort', () =>
          stream.error(new DOMException('The operation was aborted.', 'AbortError')),
        );
      },
    });
    mockFetch(async () => new Response(body, { status: 200 }));
    const pending = lookup('1234', controller.signal);
    setTimeout(() => controller.abort(), 10);
    expect(await pending).toMatchObject({ ok: false, problem: { code: 'ABORTED' } });
  });

  it('refuses a success body that breaks the contract', async () => {
    mockFetch(async () => json({ code: 1234 }));
    const result = await lookup('1234');
    expect(result).toMatchObject({ ok: false, problem: { code: 'BAD_RESPONSE', status: 200 } });
  });

  it('refuses a success body that is not JSON', async () => {
    mockFetch(async () => new Response('<!doctype html>', { status: 200 }));
    const result = await lookup('1234');
    expect(result).toMatchObject({ ok: false, problem: { code: 'BAD_RESPONSE' } });
  });
});

describe('the types of a call', () => {
  it('takes what the endpoint declares and answers its success schema', () => {
    // Checked by the compiler, never run: each line states what a call accepts.
    const checks = async () => {
      const found = await lookup('1234');
      if (found.ok) expectTypeOf(found.data).toEqualTypeOf<ShareView>();
      const gone = await api.call(deleteShareEndpoint, { params: { code: '1' } });
      if (gone.ok) expectTypeOf(gone.data).toEqualTypeOf<null>();
      // @ts-expect-error the code is required
      await api.call(lookupShareEndpoint);
      // @ts-expect-error an unlock needs its authKey
      await api.call(unlockShareEndpoint, { params: { code: '1' }, body: {} });
      // @ts-expect-error the config takes no body
      await api.call(getConfigEndpoint, { body: { x: 1 } });
    };
    expect(typeof checks).toBe('function');
  });
});

describe('send', () => {
  it('hands a 2xx response back unread, and an error as its problem', async () => {
    mockFetch(async () => new Response('bytes', { status: 200 }));
    const sent = await api.send(getConfigEndpoint);
    expect(sent.ok && (await sent.data.text())).toBe('bytes');

    mockFetch(async () => new Response('', { status: 404 }));
    expect(await api.send(getConfigEndpoint)).toMatchObject({
      ok: false,
      problem: { code: 'NOT_FOUND', status: 404 },
    });
  });
});
