// @vitest-environment node
import type { RequestView, Submission } from '@codedrop/contract';
import {
  encryptBlob,
  generateRequestKeyPair,
  sealRequestKey,
  sealSubmission,
  type SealedRequestKey,
} from '@codedrop/crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openRequest } from './open-request';
import { storedTotal } from './submission-files';
import { openSubmissionFile } from './submission-transfers';

let sealed: SealedRequestKey;
beforeAll(async () => {
  sealed = await sealRequestKey('right password', await generateRequestKeyPair('P-256'), {
    iter: 100_000,
  });
});
afterEach(() => vi.unstubAllGlobals());

const view = (): RequestView => ({
  code: '4821',
  message: null,
  publicKey: sealed.publicKey,
  accepts: { files: true, text: true },
  createdAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-02T10:00:00.000Z',
  open: true,
  kdf: sealed.kdf,
  attemptsLeft: 10,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });

const problem = (code: string, status: number, extra: object = {}) =>
  json({ type: 'about:blank', title: code, status, detail: code, code, ...extra }, status);

const bytes = (length: number, seed: number) =>
  new Uint8Array(length).map((_, index) => (index * seed) % 251);

describe('picking up a request', () => {
  it('opens the key, lists each submission with its files, and decrypts one file by its range', async () => {
    const first = new File([bytes(70_000, 7)], 'scan.pdf', { type: 'application/pdf' });
    const second = new File([bytes(1_000, 3)], 'notes.txt', { type: 'text/plain' });
    const withFiles = await sealSubmission(sealed.publicKey, {
      files: [first, second].map(({ name, type, size }) => ({ name, type, size })),
      text: 'Both files, as asked.',
    });
    const textOnly = await sealSubmission(sealed.publicKey, { files: [], text: 'Just text' });
    const stored = new Blob([
      await encryptBlob(first, withFiles.encKey),
      await encryptBlob(second, withFiles.encKey),
    ]);
    const submissions: Submission[] = [
      {
        id: 'aaaaaaaaaaaaaaaa',
        createdAt: '2026-01-01T11:00:00.000Z',
        header: withFiles.header,
        storedBytes: stored.size,
        hasFile: true,
      },
      {
        id: 'bbbbbbbbbbbbbbbb',
        createdAt: '2026-01-01T12:00:00.000Z',
        header: textOnly.header,
        storedBytes: 0,
        hasFile: false,
      },
    ];
    const fetched: { url: string; headers: Headers }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const headers = new Headers(init.headers);
        fetched.push({ url, headers });
        if (url.endsWith('/unlock')) {
          return json({ encryptedPayload: sealed.sealedKey, pickupToken: 'token', submissions });
        }
        const [, start, end] = /bytes=(\d+)-(\d+)/.exec(headers.get('Range') ?? '')!;
        return new Response(stored.slice(Number(start), Number(end) + 1), { status: 206 });
      }),
    );

    const result = await openRequest(view(), 'right password');
    if (!result.ok) throw new Error(`not opened: ${result.reason}`);
    const [opened, text] = result.submissions;
    if (!opened || 'damaged' in opened || !text || 'damaged' in text) throw new Error('damaged');
    expect(opened.text).toBe('Both files, as asked.');
    expect(opened.files.map(({ name, size }) => ({ name, size }))).toEqual([
      { name: 'scan.pdf', size: 70_000 },
      { name: 'notes.txt', size: 1_000 },
    ]);
    expect(opened.files[1]!.range.end).toBe(storedTotal(opened.files));
    expect(text).toMatchObject({ text: 'Just text', files: [] });

    const file = await openSubmissionFile({ code: '4821', key: result.key }, opened, 1);
    if (!file.ok) throw new Error('file not opened');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(bytes(1_000, 3));
    const range = fetched.at(-1)!;
    expect(range.url).toBe('/api/requests/4821/submissions/aaaaaaaaaaaaaaaa/blob');
    expect(range.headers.get('Authorization')).toBe('Bearer token');
    expect(range.headers.get('Range')).toBe(
      `bytes=${opened.files[1]!.range.start}-${opened.files[1]!.range.end - 1}`,
    );
  });

  it('marks a submission whose stored bytes do not match its files as damaged', async () => {
    const sealedSubmission = await sealSubmission(sealed.publicKey, {
      files: [{ name: 'a.bin', type: '', size: 10 }],
    });
    const submissions: Submission[] = [
      {
        id: 'cccccccccccccccc',
        createdAt: '2026-01-01T11:00:00.000Z',
        header: sealedSubmission.header,
        storedBytes: 5,
        hasFile: true,
      },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ encryptedPayload: sealed.sealedKey, pickupToken: 'token', submissions }),
      ),
    );
    const result = await openRequest(view(), 'right password');
    expect(result.ok && result.submissions).toEqual([
      { id: 'cccccccccccccccc', createdAt: '2026-01-01T11:00:00.000Z', damaged: true },
    ]);
  });

  it('reports a wrong password with the attempts left, and the last one as destroyed', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(problem('WRONG_PASSWORD', 403, { attemptsLeft: 3 }))
        .mockResolvedValueOnce(problem('SHARE_DESTROYED', 410)),
    );
    expect(await openRequest(view(), 'wrong')).toEqual({
      ok: false,
      reason: 'wrong-password',
      attemptsLeft: 3,
    });
    expect(await openRequest(view(), 'wrong')).toEqual({ ok: false, reason: 'destroyed' });
  });
});
