import { afterEach, describe, expect, it, vi } from 'vitest';
import { unlockShare } from './unlock-api';

const envelope = {
  v: 1,
  alg: 'AES-256-GCM',
  kdf: { name: 'PBKDF2-SHA-256', iter: 600_000, salt: btoa('s'.repeat(32)) },
  iv: btoa('i'.repeat(12)),
  ciphertext: btoa('c'.repeat(16)),
};
const authKey = btoa('k'.repeat(32));

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

describe('unlockShare', () => {
  it('posts the authKey and returns the envelope', async () => {
    const spy = mockFetch(() => json({ encryptedPayload: envelope }));
    expect(await unlockShare('4821', authKey)).toEqual({
      ok: true,
      data: { encryptedPayload: envelope },
    });
    expect(spy.mock.calls[0]![0]).toBe('/api/shares/4821/unlock');
    expect(spy.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      body: JSON.stringify({ authKey }),
    });
  });

  it('returns WRONG_PASSWORD with the attempts left', async () => {
    mockFetch(() => problem('WRONG_PASSWORD', 403, { attemptsLeft: 4 }));
    expect(await unlockShare('4821', authKey)).toMatchObject({
      ok: false,
      problem: { code: 'WRONG_PASSWORD', status: 403, attemptsLeft: 4 },
    });
  });

  it('returns SHARE_DESTROYED after the last allowed wrong key', async () => {
    mockFetch(() => problem('SHARE_DESTROYED', 410));
    expect(await unlockShare('4821', authKey)).toMatchObject({
      ok: false,
      problem: { code: 'SHARE_DESTROYED' },
    });
  });

  it('refuses a response that is not an envelope', async () => {
    mockFetch(() => json({ encryptedPayload: { v: 2 } }));
    expect(await unlockShare('4821', authKey)).toMatchObject({
      ok: false,
      problem: { code: 'BAD_RESPONSE' },
    });
  });

  it('reports a network failure', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await unlockShare('4821', authKey)).toMatchObject({
      ok: false,
      problem: { code: 'NETWORK_ERROR' },
    });
  });
});
