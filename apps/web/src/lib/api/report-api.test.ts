import { messages } from '@codedrop/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendReport } from './report-api';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const problem = (code: string, status: number, extra: object = {}) =>
  json({ type: 'about:blank', title: 't', status, detail: 'd', code, ...extra }, status);

function mockFetch(response: () => Response | Promise<Response>) {
  const spy = vi.fn(async (_url: string, _init?: RequestInit) => response());
  vi.stubGlobal('fetch', spy);
  return spy;
}

afterEach(() => vi.unstubAllGlobals());

describe('sendReport', () => {
  it('posts the report to the share and returns the thanks', async () => {
    const spy = mockFetch(() => json({ message: messages.reportThanks }, 202));
    expect(
      await sendReport('4821', { reason: 'spam', message: 'Ads', email: 'me@example.org' }),
    ).toEqual({ ok: true, data: { message: messages.reportThanks } });
    expect(spy.mock.calls[0]![0]).toBe('/api/shares/4821/reports');
    expect(spy.mock.calls[0]![1]!.method).toBe('POST');
    expect(JSON.parse(String(spy.mock.calls[0]![1]!.body))).toEqual({
      reason: 'spam',
      message: 'Ads',
      email: 'me@example.org',
    });
  });

  it('returns a refused field with its message', async () => {
    const errors = [{ field: 'email', message: messages.invalidEmail }];
    mockFetch(() => problem('VALIDATION_FAILED', 400, { errors }));
    expect(await sendReport('4821', { reason: 'other', email: 'nope' })).toMatchObject({
      ok: false,
      problem: { code: 'VALIDATION_FAILED', status: 400, errors },
    });
  });

  it('returns a rate limit with how long to wait', async () => {
    mockFetch(() => problem('RATE_LIMITED', 429, { retryAfterSeconds: 120 }));
    expect(await sendReport('4821', { reason: 'other' })).toMatchObject({
      ok: false,
      problem: { code: 'RATE_LIMITED', status: 429, retryAfterSeconds: 120 },
    });
  });

  it('reports a network failure', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await sendReport('4821', { reason: 'other' })).toMatchObject({
      ok: false,
      problem: { code: 'NETWORK_ERROR' },
    });
  });
});
