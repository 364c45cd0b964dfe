import { shareViewSchema } from '@codedrop/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestJson } from './request';

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

afterEach(() => vi.unstubAllGlobals());

describe('requestJson', () => {
  it('returns the parsed body on success', async () => {
    const spy = mockFetch(async () => json(share));
    const result = await requestJson('/api/shares/1234', shareViewSchema);
    expect(result).toEqual({ ok: true, data: share });
    expect(spy).toHaveBeenCalledWith(
      '/api/shares/1234',
      expect.objectContaining({ method: 'GET', body: undefined }),
    );
  });

  it('sends JSON bodies with a content type', async () => {
    const spy = mockFetch(async () => json({ content: 'x' }));
    await requestJson(
      '/api/shares/1234/read',
      { safeParse: (v) => ({ success: true, data: v }) },
      {
        method: 'POST',
        json: {},
      },
    );
    const init = spy.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
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
    const result = await requestJson('/api/shares/9999', shareViewSchema);
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
    const fromBody = await requestJson('/api/shares/1111', shareViewSchema);
    expect(!fromBody.ok && fromBody.problem.retryAfterSeconds).toBe(30);

    mockFetch(async () => json(problem, 429, { 'Retry-After': '42' }));
    const fromHeader = await requestJson('/api/shares/1111', shareViewSchema);
    expect(!fromHeader.ok && fromHeader.problem.retryAfterSeconds).toBe(42);
  });

  it('turns a non-problem error page into a problem from its status', async () => {
    mockFetch(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const result = await requestJson('/api/config', shareViewSchema);
    expect(result).toMatchObject({ ok: false, problem: { code: 'INTERNAL', status: 502 } });

    mockFetch(async () => new Response('nope', { status: 429, headers: { 'Retry-After': '7' } }));
    const limited = await requestJson('/api/config', shareViewSchema);
    expect(limited).toMatchObject({
      ok: false,
      problem: { code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 7 },
    });
  });

  it('reports a network failure', async () => {
    mockFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const result = await requestJson('/api/config', shareViewSchema);
    expect(result).toMatchObject({ ok: false, problem: { code: 'NETWORK_ERROR', status: 0 } });
  });

  it('reports an aborted request as aborted, not as a network failure', async () => {
    const controller = new AbortController();
    mockFetch(async () => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const result = await requestJson('/api/config', shareViewSchema, {
      signal: controller.signal,
    });
    expect(result).toMatchObject({ ok: false, problem: { code: 'ABORTED' } });
  });

  it('refuses a success body that breaks the contract', async () => {
    mockFetch(async () => json({ code: 1234 }));
    const result = await requestJson('/api/shares/1234', shareViewSchema);
    expect(result).toMatchObject({ ok: false, problem: { code: 'BAD_RESPONSE', status: 200 } });
  });

  it('refuses a success body that is not JSON', async () => {
    mockFetch(async () => new Response('<!doctype html>', { status: 200 }));
    const result = await requestJson('/api/shares/1234', shareViewSchema);
    expect(result).toMatchObject({ ok: false, problem: { code: 'BAD_RESPONSE' } });
  });
});
