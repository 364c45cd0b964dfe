import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '@codedrop/contract';
import { uploadFileShare } from './files-api';
import type { UploadProgress } from './multipart-upload';

interface EncryptedFields {
  maxDownloads: number;
  expiresInSeconds?: number;
  encryptedPayload: Envelope;
  authVerifier: string;
  recoveryEmail?: string;
  recoveryPassword?: string;
}

/** An encrypted upload as lib/encryption/upload-encrypted-file.ts makes it. */
const uploadEncryptedFile = (
  { maxDownloads, expiresInSeconds, ...encryption }: EncryptedFields,
  ciphertext: Blob,
  transfer?: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal },
) =>
  uploadFileShare(
    [new File([ciphertext], 'encrypted_file')],
    { maxDownloads, expiresInSeconds, encryption },
    transfer,
  );

/** Just enough of XMLHttpRequest to drive the upload from the test. */
class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress: ((event: ProgressEventInit) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: FormData | undefined;
  requestHeaders: Record<string, string> = {};
  responseHeaders: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name] ?? null;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = headers;
    this.onload?.();
  }
}

const envelope = {
  v: 1 as const,
  alg: 'AES-256-GCM' as const,
  kdf: { name: 'PBKDF2-SHA-256' as const, iter: 600_000, salt: btoa('s'.repeat(32)) },
  iv: btoa('i'.repeat(12)),
  ciphertext: btoa('c'.repeat(16)),
};
const fields = { maxDownloads: 3, encryptedPayload: envelope, authVerifier: btoa('v'.repeat(32)) };
const created = {
  code: '4821',
  type: 'file',
  createdAt: '2025-01-15T10:00:00.000Z',
  expiresAt: '2025-01-16T10:00:00.000Z',
  deleteToken: 'tok',
  maxDownloads: 3,
  files: [{ size: 44 }],
};

const sent = () => {
  const xhr = FakeXhr.last;
  if (!xhr) throw new Error('nothing was sent');
  return xhr;
};

beforeEach(() => {
  FakeXhr.last = undefined;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadFileShare, plain', () => {
  it('sends the limits, then the file under its own name, and no encryption fields', () => {
    void uploadFileShare([new File(['hello'], 'notes.txt')], {
      maxDownloads: 2,
      expiresInSeconds: 600,
    });
    const body = sent().body!;
    expect([...body.keys()]).toEqual(['maxDownloads', 'expiresInSeconds', 'file']);
    expect((body.get('file') as File).name).toBe('notes.txt');
  });

  it('sends several files as parts named "file", in the order given, after the fields', async () => {
    const files = [
      new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' }),
      new File(['png bytes'], 'chart.png', { type: 'image/png' }),
      new File(['plain text'], 'notes.txt', { type: 'text/plain' }),
    ];
    const pending = uploadFileShare(files, { maxDownloads: 5 });
    const entries = [...sent().body!.entries()];
    expect(entries.map(([name]) => name)).toEqual(['maxDownloads', 'file', 'file', 'file']);
    const parts = entries.slice(1).map(([, value]) => value as File);
    expect(parts.map((part) => part.name)).toEqual(['report.pdf', 'chart.png', 'notes.txt']);
    expect(parts.map((part) => [part.size, part.type])).toEqual([
      [8, 'application/pdf'],
      [9, 'image/png'],
      [10, 'text/plain'],
    ]);
    const answer = {
      ...created,
      maxDownloads: 5,
      files: [
        { name: 'report.pdf', size: 8, type: 'application/pdf' },
        { name: 'chart.png', size: 9, type: 'image/png' },
        { name: 'notes.txt', size: 10, type: 'text/plain' },
      ],
    };
    sent().respond(201, answer);
    expect(await pending).toEqual({ ok: true, data: answer });
  });

  it('reports one progress for the whole request, all files together', () => {
    const progress = vi.fn();
    void uploadFileShare(
      [new File(['a'], 'a.txt'), new File(['b'], 'b.txt')],
      {
        maxDownloads: 1,
      },
      { onProgress: progress },
    );
    sent().upload.onprogress?.({ lengthComputable: true, loaded: 300, total: 600 });
    expect(progress.mock.calls).toEqual([[{ loaded: 300, total: 600 }]]);
  });
});

describe('uploadFileShare, encrypted', () => {
  it('sends the text fields in order before the ciphertext, under a neutral name', async () => {
    const pending = uploadEncryptedFile(
      { ...fields, expiresInSeconds: 600, recoveryEmail: 'me@example.org', recoveryPassword: 'pw' },
      new Blob(['ciphertext']),
    );
    const xhr = sent();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/files']);
    const entries = [...xhr.body!.entries()];
    expect(entries.map(([name]) => name)).toEqual([
      'maxDownloads',
      'expiresInSeconds',
      'encryptedPayload',
      'authVerifier',
      'recoveryEmail',
      'recoveryPassword',
      'file',
    ]);
    expect(entries[0]![1]).toBe('3');
    expect(JSON.parse(entries[2]![1] as string)).toEqual(envelope);
    expect((entries[6]![1] as File).name).toBe('encrypted_file');
    xhr.respond(201, created);
    expect(await pending).toEqual({ ok: true, data: created });
  });

  it('leaves out the optional fields', async () => {
    void uploadEncryptedFile(fields, new Blob(['x']));
    expect([...sent().body!.keys()]).toEqual([
      'maxDownloads',
      'encryptedPayload',
      'authVerifier',
      'file',
    ]);
  });

  it('reports upload progress', async () => {
    const progress = vi.fn();
    void uploadEncryptedFile(fields, new Blob(['x']), { onProgress: progress });
    sent().upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    sent().upload.onprogress?.({ lengthComputable: false, loaded: 60, total: 0 });
    expect(progress.mock.calls).toEqual([[{ loaded: 50, total: 200 }]]);
  });

  it('returns a problem+json error as the problem', async () => {
    const pending = uploadEncryptedFile(fields, new Blob(['x']));
    sent().respond(
      429,
      { type: 'about:blank', title: 'Too many', status: 429, detail: 'd', code: 'RATE_LIMITED' },
      { 'Retry-After': '30' },
    );
    expect(await pending).toMatchObject({
      ok: false,
      problem: { code: 'RATE_LIMITED', retryAfterSeconds: 30 },
    });
  });

  it('refuses a success body that breaks the contract', async () => {
    const pending = uploadEncryptedFile(fields, new Blob(['x']));
    sent().respond(201, '<html>');
    expect(await pending).toMatchObject({ ok: false, problem: { code: 'BAD_RESPONSE' } });
  });

  it('reports a network failure', async () => {
    const pending = uploadEncryptedFile(fields, new Blob(['x']));
    sent().onerror?.();
    expect(await pending).toMatchObject({ ok: false, problem: { code: 'NETWORK_ERROR' } });
  });

  it('aborts when the signal does, and never starts with an aborted signal', async () => {
    const controller = new AbortController();
    const pending = uploadEncryptedFile(fields, new Blob(['x']), { signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, problem: { code: 'ABORTED' } });

    FakeXhr.last = undefined;
    const late = await uploadEncryptedFile(fields, new Blob(['x']), { signal: controller.signal });
    expect(late).toMatchObject({ ok: false, problem: { code: 'ABORTED' } });
    expect(FakeXhr.last).toBeUndefined();
  });
});
