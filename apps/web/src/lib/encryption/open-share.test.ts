// @vitest-environment node
import type { ShareView, TextShareView } from '@codedrop/contract';
import {
  createKeys,
  sealFileMeta,
  sealText,
  type Envelope,
  type WriterKeys,
} from '@codedrop/crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openFileShare, openTextShare, unlockFailure } from './open-share';

let keys: WriterKeys;
beforeAll(async () => {
  keys = await createKeys('right password', { iter: 100_000 });
});
afterEach(() => vi.unstubAllGlobals());

const view = (overrides: Partial<TextShareView> = {}): ShareView => ({
  code: '4821',
  type: 'clipboard',
  status: 'ready',
  createdAt: '2025-01-15T10:00:00.000Z',
  expiresAt: '2025-01-16T10:00:00.000Z',
  isEncrypted: true,
  burnAfterReading: false,
  kdf: keys.kdf,
  attemptsLeft: 10,
  ...overrides,
});
const fileView = (): ShareView => ({
  ...view(),
  type: 'file',
  files: [{ size: 1044 }],
  downloadCount: 0,
  maxDownloads: 1,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });

const problem = (code: string, status: number, extra: object = {}) =>
  json({ type: 'about:blank', title: code, status, detail: code, code, ...extra }, status);

/** A server that hands out `envelope` for the right authKey, as the real unlock route does. */
function serve(
  envelope: Envelope,
  onWrong: () => Response = () => problem('WRONG_PASSWORD', 403, { attemptsLeft: 7 }),
) {
  const calls: { url: string; body: { authKey: string } }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { authKey: string };
      calls.push({ url, body });
      const digest = await crypto.subtle.digest(
        'SHA-256',
        Uint8Array.from(atob(body.authKey), (c) => c.charCodeAt(0)),
      );
      const verifier = btoa(String.fromCharCode(...new Uint8Array(digest)));
      return verifier === keys.authVerifier ? json({ encryptedPayload: envelope }) : onWrong();
    }),
  );
  return calls;
}

describe('openTextShare', () => {
  it('proves the password with authKey, never the password, and opens the envelope', async () => {
    const calls = serve(await sealText(keys, 'the secret'));
    const result = await openTextShare(view(), 'right password');
    expect(result).toMatchObject({ ok: true, value: 'the secret' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/shares/4821/unlock');
    expect(JSON.stringify(calls[0]!.body)).not.toContain('right password');
  });

  it('reports a wrong password with the attempts left', async () => {
    serve(await sealText(keys, 'the secret'));
    expect(await openTextShare(view(), 'wrong password')).toEqual({
      ok: false,
      reason: 'wrong-password',
      attemptsLeft: 7,
    });
  });

  it('reports a share destroyed by the last wrong password', async () => {
    serve(await sealText(keys, 'x'), () => problem('SHARE_DESTROYED', 410));
    expect(await openTextShare(view(), 'wrong')).toEqual({ ok: false, reason: 'destroyed' });
  });

  it('treats an altered envelope as corrupt, showing nothing', async () => {
    const envelope = await sealText(keys, 'the secret');
    const flipped = atob(envelope.ciphertext);
    const altered = btoa(String.fromCharCode(flipped.charCodeAt(0) ^ 1) + flipped.slice(1));
    serve({ ...envelope, ciphertext: altered });
    expect(await openTextShare(view(), 'right password')).toEqual({ ok: false, reason: 'corrupt' });
  });

  it('refuses hostile KDF parameters before deriving or calling the server', async () => {
    const calls = serve(await sealText(keys, 'x'));
    const hostile = view({ kdf: { ...keys.kdf, iter: 50_000_000 } });
    expect(await openTextShare(hostile, 'right password')).toEqual({
      ok: false,
      reason: 'corrupt',
    });
    expect(await openTextShare(view({ kdf: undefined }), 'pw')).toEqual({
      ok: false,
      reason: 'corrupt',
    });
    expect(calls).toHaveLength(0);
  });

  it('passes other problems through', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await openTextShare(view(), 'right password')).toMatchObject({
      ok: false,
      reason: 'problem',
      problem: { code: 'NETWORK_ERROR' },
    });
  });
});

describe('openFileShare', () => {
  it('opens the real name, type and size', async () => {
    const meta = { name: 'photo.jpg', type: 'image/jpeg', size: 1234 };
    serve(await sealFileMeta(keys, [meta]));
    const result = await openFileShare(fileView(), 'right password');
    expect(result).toMatchObject({ ok: true, value: [meta] });
    expect(result.ok && result.keys.encKey.type).toBe('secret');
  });

  it('opens every file of a share of several, in upload order', async () => {
    const metas = [
      { name: 'b.png', type: 'image/png', size: 10 },
      { name: 'a.pdf', type: 'application/pdf', size: 20 },
      { name: 'notes.txt', type: 'text/plain', size: 0 },
    ];
    serve(await sealFileMeta(keys, metas));
    const result = await openFileShare(fileView(), 'right password');
    expect(result).toMatchObject({ ok: true, value: metas });
  });

  it('treats a text envelope where metadata belongs as corrupt', async () => {
    serve(await sealText(keys, 'not json'));
    expect(await openFileShare(fileView(), 'right password')).toEqual({
      ok: false,
      reason: 'corrupt',
    });
  });
});

describe('unlockFailure', () => {
  it('maps the problem codes of the unlock route', () => {
    const base = { status: 403, title: 't', detail: 'd' };
    expect(unlockFailure({ ...base, code: 'WRONG_PASSWORD', attemptsLeft: 1 })).toEqual({
      reason: 'wrong-password',
      attemptsLeft: 1,
    });
    expect(unlockFailure({ ...base, code: 'SHARE_DESTROYED' })).toEqual({ reason: 'destroyed' });
    expect(unlockFailure({ ...base, code: 'SHARE_EXPIRED' })).toMatchObject({ reason: 'problem' });
  });
});
