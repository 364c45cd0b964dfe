import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestRecovery } from './recovery-api';

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

describe('requestRecovery', () => {
  it('posts the email and code and returns the confirmation', async () => {
    const spy = mockFetch(() => json({ success: true, message: 'Check your inbox.' }));
    expect(await requestRecovery('me@example.org', '4821')).toEqual({
      ok: true,
      data: { success: true, message: 'Check your inbox.' },
    });
    expect(spy.mock.calls[0]![0]).toBe('/api/recovery');
    expect(JSON.parse(String(spy.mock.calls[0]![1]!.body))).toEqual({
      email: 'me@example.org',
      shareCode: '4821',
    });
  });

  it.each([
    ['RECOVERY_NOT_FOUND', 404],
    ['SERVICE_UNAVAILABLE', 503],
    ['RATE_LIMITED', 429],
  ])('returns %s as a problem', async (code, status) => {
    mockFetch(() => problem(code, status));
    expect(await requestRecovery('me@example.org', '4821')).toMatchObject({
      ok: false,
      problem: { code, status },
    });
  });

  it('reports a network failure', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await requestRecovery('me@example.org', '4821')).toMatchObject({
      ok: false,
      problem: { code: 'NETWORK_ERROR' },
    });
  });
});
