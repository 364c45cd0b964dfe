// @vitest-environment node
// (jsdom's Blob cannot be read; Node's File and Blob are the browser's.)
import type { CreateFileResponse } from '@codedrop/contract';
import { RangeEncryptor, SEGMENT_SIZE, encryptChunks, encryptedSize } from '@codedrop/crypto';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientProblem } from './result';
import {
  encryptedFileReader,
  startResumableUpload,
  type ResumableUploadOptions,
  type UploadHandle,
} from './resumable-upload';

const MiB = SEGMENT_SIZE;

/** What a fake tus server answers; the default is the protocol's happy path. */
type Fault = 'drop' | { status: number; body?: string } | undefined;

/**
 * An in-memory tus 1.0 server behind tus-js-client's HTTP layer: it keeps the bytes it was
 * sent at the offsets it was told, and lets a test drop a request or answer an error.
 */
class FakeTus {
  stored = new Uint8Array(0);
  length = 0;
  exists = false;
  /** What the creation answers; every later request of the upload must send it. */
  secret = 'upload-secret-1';
  requests: { method: string; url: string; headers: Record<string, string>; bytes: number }[] = [];
  fault: (method: string, count: number) => Fault = () => undefined;
  readonly stack: HttpStack = {
    createRequest: (method, url) => this.request(method, url),
    getName: () => 'fake',
  };

  private request(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    const request: HttpRequest = {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => void (headers[name.toLowerCase()] = value),
      getHeader: (name) => headers[name.toLowerCase()],
      setProgressHandler: () => undefined,
      abort: async () => undefined,
      getUnderlyingObject: () => null,
      send: async (body?: Blob | Uint8Array | null) => {
        // Like XMLHttpRequest, an array's bytes are copied when it is sent.
        const bytes =
          body instanceof Blob
            ? new Uint8Array(await body.arrayBuffer())
            : new Uint8Array(body ?? new Uint8Array(0));
        this.requests.push({ method, url, headers: { ...headers }, bytes: bytes.length });
        const count = this.requests.filter((r) => r.method === method).length;
        const fault = this.fault(method, count);
        if (fault === 'drop') throw new Error('connection reset');
        if (fault) return response(fault.status, {}, fault.body ?? '');
        return this.answer(method, headers, bytes);
      },
    };
    return request;
  }

  private answer(method: string, headers: Record<string, string>, bytes: Uint8Array) {
    const offset = { 'Upload-Offset': String(this.stored.length) };
    // Like the server: an upload asked for without its secret does not exist.
    const known = this.exists && headers['codedrop-upload-secret'] === this.secret;
    switch (method) {
      case 'POST':
        this.exists = true;
        this.length = Number(headers['upload-length']);
        return response(
          201,
          {
            Location: '/api/uploads/1-abc.bin',
            'CodeDrop-Code': '4821',
            'CodeDrop-Upload-Secret': this.secret,
          },
          JSON.stringify(created(this.length)),
        );
      case 'HEAD':
        if (!known) return response(404, {}, '');
        return response(200, { ...offset, 'Upload-Length': String(this.length) }, '');
      case 'PATCH': {
        if (!known) return response(404, {}, notFoundBody);
        if (Number(headers['upload-offset']) !== this.stored.length) return response(409, {}, '');
        const next = new Uint8Array(this.stored.length + bytes.length);
        next.set(this.stored);
        next.set(bytes, this.stored.length);
        this.stored = next;
        return response(204, { 'Upload-Offset': String(next.length) }, '');
      }
      default:
        return response(405, {}, '');
    }
  }
}

const notFoundBody = JSON.stringify({
  type: 'about:blank',
  title: 'Upload not found',
  status: 404,
  code: 'UPLOAD_NOT_FOUND',
  detail: 'This upload does not exist (it may have been abandoned and reclaimed).',
});

function response(status: number, headers: Record<string, string>, body: string): HttpResponse {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    getStatus: () => status,
    getHeader: (name) => lower[name.toLowerCase()],
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
}

function created(size: number): CreateFileResponse {
  return {
    code: '4821',
    type: 'file',
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: '2026-01-02T00:00:00.000Z',
    deleteToken: 'token',
    maxDownloads: 3,
    files: [{ name: 'movie.bin', size }],
  };
}

function pattern(length: number, seed = 1): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 31 + (i >> 9) + seed) & 255;
  return out;
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a).equals(Buffer.from(b));
}

/** Runs one upload to its end: what it reported, and how it ended. */
function run(server: FakeTus, options: Partial<ResumableUploadOptions> & { file: File }) {
  const seen = {
    created: [] as { share: CreateFileResponse; upload: UploadHandle }[],
    progress: [] as number[],
  };
  const ended = new Promise<{ ok: true } | { ok: false; problem: ClientProblem }>((resolve) => {
    startResumableUpload({
      metadata: { filename: options.file.name, maxDownloads: '3' },
      chunkSize: 1000,
      httpStack: server.stack,
      onCreated: (share, upload) => seen.created.push({ share, upload }),
      onProgress: (sent) => seen.progress.push(sent),
      onSuccess: () => resolve({ ok: true }),
      onError: (problem) => resolve({ ok: false, problem }),
      ...options,
    });
  });
  return { seen, ended };
}

async function encryptedWhole(
  plaintext: Uint8Array<ArrayBuffer>,
  key: CryptoKey,
  prefix: Uint8Array,
) {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const source = new Blob([plaintext]);
  for await (const part of encryptChunks({
    encKey: key,
    source,
    length: plaintext.length,
    noncePrefix: prefix,
  })) {
    parts.push(part);
  }
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

const key = await crypto.subtle.importKey(
  'raw',
  new Uint8Array(32).map((_, i) => i * 5 + 1),
  'AES-GCM',
  false,
  ['encrypt', 'decrypt'],
);
const prefix = new Uint8Array([7, 6, 5, 4, 3, 2, 1]);

beforeAll(() => {
  vi.stubGlobal('location', new URL('http://localhost:3000/file-share'));
  return () => vi.unstubAllGlobals();
});

describe('startResumableUpload', () => {
  it('creates the share first, then sends the file in chunks of at most chunkSize', async () => {
    const server = new FakeTus();
    const plain = pattern(2_500);
    const { seen, ended } = run(server, { file: new File([plain], 'movie.bin') });
    expect(await ended).toEqual({ ok: true });
    const upload = {
      url: new URL('/api/uploads/1-abc.bin', location.href).href,
      secret: server.secret,
    };
    expect(seen.created).toEqual([{ share: created(2_500), upload }]);
    const [post, ...patches] = server.requests;
    expect(post).toMatchObject({ method: 'POST', url: '/api/uploads' });
    // The secret is the server's answer to the creation, and goes with every request after.
    expect(post!.headers).not.toHaveProperty('codedrop-upload-secret');
    expect(patches.every((r) => r.headers['codedrop-upload-secret'] === server.secret)).toBe(true);
    expect(post!.headers['upload-length']).toBe('2500');
    expect(post!.headers['tus-resumable']).toBe('1.0.0');
    expect(post!.headers['upload-metadata']).toContain(`filename ${btoa('movie.bin')}`);
    expect(patches.map((r) => r.bytes)).toEqual([1000, 1000, 500]);
    expect(patches.every((r) => r.headers['content-type'] === 'application/offset+octet-stream'));
    expect(same(server.stored, plain)).toBe(true);
    expect(seen.progress.at(-1)).toBe(2_500);
  });

  // The check of the encrypted reader: any chunk size, from any offset, gives the
  // bytes the one-shot stream encryptor gives for the same key and nonce prefix.
  for (const size of [0, MiB, MiB + 1, Math.floor(3.5 * MiB) + 3]) {
    it(`sends ${size} plaintext bytes encrypted, in odd chunks, byte for byte the stream's`, async () => {
      const server = new FakeTus();
      const plaintext = pattern(size, 3);
      const file = new File([plaintext], 'secret.bin');
      const encrypted = new RangeEncryptor(file, key, prefix);
      const { ended } = run(server, { file, encrypted, chunkSize: 777_777 });
      expect(await ended).toEqual({ ok: true });
      expect(server.length).toBe(encryptedSize(size));
      expect(
        server.requests.filter((r) => r.method === 'PATCH').every((r) => r.bytes <= 777_777),
      ).toBe(true);
      expect(same(server.stored, await encryptedWhole(plaintext, key, prefix))).toBe(true);
    });
  }

  it('continues a dropped connection from where the server stands', async () => {
    const server = new FakeTus();
    server.fault = (method, count) => (method === 'PATCH' && count === 2 ? 'drop' : undefined);
    const plain = pattern(3_000, 9);
    const { seen, ended } = run(server, { file: new File([plain], 'movie.bin') });
    expect(await ended).toEqual({ ok: true });
    expect(server.requests.map((r) => r.method)).toEqual([
      'POST',
      'PATCH',
      'PATCH', // dropped
      'HEAD',
      'PATCH',
      'PATCH',
    ]);
    expect(seen.created).toHaveLength(1);
    expect(same(server.stored, plain)).toBe(true);
  });

  it('resumes an upload begun before a reload, encrypted, to the same ciphertext', async () => {
    const server = new FakeTus();
    const plaintext = pattern(MiB + 77, 4);
    const file = new File([plaintext], 'secret.bin');
    const whole = await encryptedWhole(plaintext, key, prefix);
    // The first page sent 400 000 bytes before it was reloaded.
    server.exists = true;
    server.length = whole.length;
    server.stored = whole.slice(0, 400_000);
    const encrypted = new RangeEncryptor(file, key, prefix);
    const { seen, ended } = run(server, {
      file,
      encrypted,
      chunkSize: 300_001,
      metadata: {},
      resume: { url: 'http://localhost:3000/api/uploads/1-abc.bin', secret: server.secret },
    });
    expect(await ended).toEqual({ ok: true });
    expect(seen.created).toEqual([]);
    expect(server.requests[0]).toMatchObject({ method: 'HEAD' });
    expect(
      server.requests.every((r) => r.headers['codedrop-upload-secret'] === server.secret),
    ).toBe(true);
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    expect(same(server.stored, whole)).toBe(true);
  });

  it('never makes another share when the one resumed is gone, or is not its own', async () => {
    for (const exists of [false, true]) {
      const server = new FakeTus();
      server.exists = exists;
      server.length = 10;
      const { ended } = run(server, {
        file: new File([pattern(10)], 'movie.bin'),
        resume: { url: 'http://localhost:3000/api/uploads/1-abc.bin', secret: 'another' },
      });
      expect(await ended).toMatchObject({
        ok: false,
        problem: { code: 'UPLOAD_NOT_FOUND', status: 404 },
      });
      expect(server.requests.map((r) => r.method)).toEqual(['HEAD']);
      expect(server.stored).toHaveLength(0);
    }
  });

  it('stops, without a new share, when the share is deleted while it uploads', async () => {
    const server = new FakeTus();
    server.fault = (method, count) => {
      if (method === 'PATCH' && count === 2) server.exists = false;
      return undefined;
    };
    const { seen, ended } = run(server, { file: new File([pattern(3_000)], 'movie.bin') });
    expect(await ended).toMatchObject({
      ok: false,
      problem: { code: 'UPLOAD_NOT_FOUND', status: 404 },
    });
    expect(seen.created).toHaveLength(1);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("reports the server's problem when the share cannot be made", async () => {
    const server = new FakeTus();
    const body = JSON.stringify({
      type: 'about:blank',
      title: 'Payload too large',
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'The file is larger than 50 MB.',
    });
    server.fault = (method) => (method === 'POST' ? { status: 413, body } : undefined);
    const { seen, ended } = run(server, { file: new File([pattern(10)], 'movie.bin') });
    expect(await ended).toMatchObject({
      ok: false,
      problem: { code: 'PAYLOAD_TOO_LARGE', status: 413 },
    });
    expect(seen.created).toEqual([]);
    // A refusal is final: no second try.
    expect(server.requests).toHaveLength(1);
  });
});

describe('encryptedFileReader', () => {
  const chunk = 300_000;
  async function opened(size: number) {
    const plaintext = pattern(size, 6);
    const encrypted = new RangeEncryptor(new File([plaintext], 'secret.bin'), key, prefix);
    const read = vi.spyOn(encrypted, 'read');
    /** The ranges read so far, and a wait until each of them has been sealed. */
    const ranges = () => read.mock.calls.map(([start, end]) => [start, end]);
    const sealed = () => Promise.allSettled(read.mock.results.map((result) => result.value));
    const source = await encryptedFileReader(encrypted).openFile();
    const whole = await encryptedWhole(plaintext, key, prefix);
    const bytesOf = async (start: number, end: number) => {
      const { value } = await source.slice(start, end);
      return value;
    };
    return { encrypted, read, ranges, sealed, source, whole, bytesOf };
  }

  it('seals the next chunk while this one is sent, and hands it over when asked', async () => {
    const { encrypted, ranges, sealed, source, whole, bytesOf } = await opened(MiB + 500_000);
    expect(same(await bytesOf(0, chunk), whole.subarray(0, chunk))).toBe(true);
    await vi.waitFor(() => expect(ranges()).toContainEqual([chunk, 2 * chunk]));
    const calls = ranges().length;
    expect(same(await bytesOf(chunk, 2 * chunk), whole.subarray(chunk, 2 * chunk))).toBe(true);
    // Served from the read-ahead: the only new call is the one after it.
    expect(ranges().slice(calls)).toEqual([[2 * chunk, 3 * chunk]]);
    // The last chunk is asked for up to the end, as tus clamps it; the read-ahead did so too.
    let at = 2 * chunk;
    while (at + chunk < encrypted.size) {
      expect(same(await bytesOf(at, at + chunk), whole.subarray(at, at + chunk))).toBe(true);
      at += chunk;
    }
    const before = ranges().length;
    const { value, done } = await source.slice(at, encrypted.size);
    expect(done).toBe(true);
    // tus checks that the last chunk ends the upload by its size, as a Blob's.
    expect(value.size).toBe(encrypted.size - at);
    expect(same(value, whole.subarray(at))).toBe(true);
    expect(ranges().length).toBe(before);
    expect(ranges().at(-1)).toEqual([at, encrypted.size]);
    // Closed when the upload is done; a chunk asked for after that is still sealed right.
    source.close();
    expect(same(await bytesOf(chunk, 2 * chunk), whole.subarray(chunk, 2 * chunk))).toBe(true);
    await sealed();
  });

  it('keeps a chunk intact until the next is asked for, in two buffers taken in turn', async () => {
    const { ranges, sealed, whole, bytesOf } = await opened(2 * MiB);
    const first = await bytesOf(0, chunk);
    // The read-ahead has sealed the next chunk meanwhile, into the other buffer.
    await vi.waitFor(() => expect(ranges()).toContainEqual([chunk, 2 * chunk]));
    await sealed();
    expect(same(first, whole.subarray(0, chunk))).toBe(true);
    const second = await bytesOf(chunk, 2 * chunk);
    await vi.waitFor(() => expect(ranges()).toContainEqual([2 * chunk, 3 * chunk]));
    await sealed();
    expect(same(second, whole.subarray(chunk, 2 * chunk))).toBe(true);
    const third = await bytesOf(2 * chunk, 3 * chunk);
    expect(same(third, whole.subarray(2 * chunk, 3 * chunk))).toBe(true);
    expect(second.buffer === first.buffer).toBe(false);
    expect(third.buffer === first.buffer).toBe(true);
    await sealed();
  });

  it('seals any other range on demand, and tries a failed read-ahead again', async () => {
    const { read, ranges, sealed, whole, bytesOf } = await opened(2 * MiB);
    const first = await bytesOf(0, chunk);
    // A resume from where the server stands, not where the last chunk ended: the read-ahead
    // still under way does not write over it.
    const resumed = await bytesOf(5_000, 5_000 + chunk);
    expect(ranges()).toContainEqual([5_000, 5_000 + chunk]);
    const next = 5_000 + chunk;
    await vi.waitFor(() => expect(ranges()).toContainEqual([next, next + chunk]));
    await sealed();
    expect(same(resumed, whole.subarray(5_000, 5_000 + chunk))).toBe(true);
    expect(resumed.buffer === first.buffer).toBe(true);
    read.mockRejectedValueOnce(new Error('the disk hiccuped'));
    const failing = next + chunk;
    expect(same(await bytesOf(next, failing), whole.subarray(next, failing))).toBe(true);
    // The read-ahead after it failed; asking for that chunk seals it again.
    await vi.waitFor(() => expect(ranges()).toContainEqual([failing, failing + chunk]));
    expect(
      same(await bytesOf(failing, failing + chunk), whole.subarray(failing, failing + chunk)),
    ).toBe(true);
    await sealed();
  });
});
