// @vitest-environment node
// (jsdom's Blob cannot be read; Node's File and Blob are the browser's.)
import type { CreateFileResponse } from '@codedrop/contract';
import { decryptFileMeta, encryptedSize, type RangeEncryptor } from '@codedrop/crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResumableUploadOptions } from '../../lib/api/resumable-upload';
import { fileFingerprint, findResumeRecord, type ResumeRecord } from '../../lib/resume-records';
import { englishI18n } from '../../test-support/english';
import { beginResumableShare, type ResumableShareRequest } from './resumable-share';

const tus = vi.hoisted(() => ({ startResumableUpload: vi.fn() }));
vi.mock('../../lib/api/resumable-upload', () => tus);

/** A localStorage for the Node environment. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  keys = () => [...this.items.keys()];
}

let storage: MemoryStorage;
const stop = vi.fn();
const restart = vi.fn();
/** The options of the last upload started. */
const started = () => tus.startResumableUpload.mock.calls.at(-1)![0] as ResumableUploadOptions;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  tus.startResumableUpload.mockImplementation(() => ({ stop, restart }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const file = new File([new Uint8Array(3000).fill(7)], 'movie.mp4', {
  type: 'video/mp4',
  lastModified: 1234,
});

function answer(size: number, name = 'movie.mp4'): CreateFileResponse {
  return {
    code: '4821',
    type: 'file',
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    deleteToken: 'token',
    maxDownloads: 3,
    files: [{ name, size }],
  };
}

const request = (overrides: Partial<ResumableShareRequest> = {}): ResumableShareRequest => ({
  file,
  maxDownloads: 3,
  expiresInSeconds: 3600,
  chunkSize: 8 * 1024 * 1024,
  choice: null,
  i18n: englishI18n,
  ...overrides,
});

const uploadUrl = 'http://localhost:3000/api/uploads/1-abc.mp4';
const uploadSecret = 'upload-secret-1';

/** Starts a new upload and lets the server answer its creation. */
async function begin(overrides: Partial<ResumableShareRequest> = {}, size = file.size) {
  const pending = beginResumableShare(request(overrides));
  await vi.waitFor(() => expect(tus.startResumableUpload).toHaveBeenCalled());
  started().onCreated!(answer(size, overrides.choice ? 'encrypted_file' : 'movie.mp4'), {
    url: uploadUrl,
    secret: uploadSecret,
  });
  const result = await pending;
  if (!result.ok) throw new Error('not created');
  return result.created;
}

describe('beginResumableShare, a plain file', () => {
  it('sends the share fields, shows the card at creation, and forgets it once complete', async () => {
    const created = await begin();
    expect(started()).toMatchObject({
      file,
      chunkSize: 8 * 1024 * 1024,
      metadata: {
        filename: 'movie.mp4',
        filetype: 'video/mp4',
        maxDownloads: '3',
        expiresInSeconds: '3600',
      },
    });
    expect(started().encrypted).toBeUndefined();
    expect(created).toMatchObject({ share: { code: '4821' }, encryption: null });
    expect(findResumeRecord(file)).toMatchObject({
      uploadUrl,
      uploadSecret,
      share: { code: '4821', deleteToken: 'token' },
      file: { name: 'movie.mp4', size: 3000, lastModified: 1234 },
      encryption: null,
    });

    started().onProgress(1500, 3000);
    expect(created.upload!.snapshot()).toMatchObject({ sent: 1500, phase: 'uploading' });
    started().onSuccess();
    expect(created.upload!.snapshot()).toMatchObject({ sent: 3000, phase: 'done' });
    expect(findResumeRecord(file)).toBeNull();
  });

  it('after the card, a failure waits for Resume upload; a lost upload forgets its record', async () => {
    const created = await begin();
    const network = { code: 'NETWORK_ERROR', status: 0, title: 'Lost', detail: 'Lost' } as const;
    started().onError(network);
    expect(created.upload!.snapshot()).toMatchObject({ phase: 'failed', problem: network });
    expect(findResumeRecord(file)).not.toBeNull();
    created.upload!.retry();
    expect(restart).toHaveBeenCalled();
    expect(created.upload!.snapshot().phase).toBe('uploading');

    started().onError({ code: 'UPLOAD_NOT_FOUND', status: 404, title: 'Gone', detail: 'Gone' });
    expect(findResumeRecord(file)).toBeNull();
  });

  it('a refused creation is the form’s failure, not a card', async () => {
    const pending = beginResumableShare(request());
    await vi.waitFor(() => expect(tus.startResumableUpload).toHaveBeenCalled());
    const tooLarge = { code: 'PAYLOAD_TOO_LARGE', status: 413, title: 'Too large', detail: 'x' };
    started().onError(tooLarge as never);
    expect(await pending).toEqual({ ok: false, problem: tooLarge });
    expect(storage.keys()).toEqual([]);
  });

  it('Delete now stops the upload and forgets its record', async () => {
    const created = await begin();
    created.upload!.discard();
    expect(stop).toHaveBeenCalled();
    expect(findResumeRecord(file)).toBeNull();
  });

  it('resumes under the same code, with the options the share was made with', async () => {
    const record: ResumeRecord = {
      uploadUrl,
      uploadSecret,
      share: answer(3000),
      expiresInSeconds: 600,
      file: { name: 'movie.mp4', size: 3000, lastModified: 1234 },
      encryption: null,
    };
    const result = await beginResumableShare(request({ record, expiresInSeconds: 86_400 }));
    expect(result).toMatchObject({ ok: true, created: { share: { code: '4821' } } });
    expect(result.ok && result.created.expiresInSeconds).toBe(600);
    expect(started()).toMatchObject({ resume: { url: uploadUrl, secret: uploadSecret } });
  });

  it('will not resume a plain upload with encryption on (nor the other way round)', async () => {
    const record: ResumeRecord = {
      uploadUrl,
      uploadSecret,
      share: answer(3000),
      expiresInSeconds: 600,
      file: { name: 'movie.mp4', size: 3000 },
      encryption: null,
    };
    const result = await beginResumableShare(request({ record, choice: { password: 'pw' } }));
    expect(result).toMatchObject({ ok: false, problem: { code: 'VALIDATION_FAILED' } });
    expect(tus.startResumableUpload).not.toHaveBeenCalled();
  });
});

describe('beginResumableShare, an encrypted file', () => {
  it('seals the metadata, sends ciphertext of the declared size, keeps no password', async () => {
    const choice = { password: 'correct horse', recoveryEmail: 'me@example.org' };
    const created = await begin({ choice }, encryptedSize(file.size));
    const { metadata, encrypted } = started();
    expect(metadata).toMatchObject({
      filename: 'encrypted_file',
      filetype: 'application/octet-stream',
      maxDownloads: '3',
      recoveryEmail: 'me@example.org',
      recoveryPassword: 'correct horse',
    });
    expect(encrypted!.size).toBe(encryptedSize(file.size));
    const envelope: unknown = JSON.parse(metadata.encryptedPayload!);
    expect(await decryptFileMeta('correct horse', envelope)).toEqual([
      { name: 'movie.mp4', type: 'video/mp4', size: 3000 },
    ]);
    expect(created.encryption).toEqual({ recoveryEmail: 'me@example.org' });

    const stored = storage.getItem(fileFingerprint(file))!;
    expect(stored).not.toContain('correct horse');
    expect(Object.keys(JSON.parse(stored).encryption).sort()).toEqual(
      ['authVerifier', 'encryptedPayload', 'noncePrefix', 'recoveryEmail'].sort(),
    );
  }, 20_000);

  it('after a reload: a wrong password is refused, the right one gives the same bytes', async () => {
    await begin({ choice: { password: 'pw one' } }, encryptedSize(file.size));
    const first = started().encrypted!;
    const record = findResumeRecord(file)!;
    vi.clearAllMocks();

    const wrong = await beginResumableShare(request({ record, choice: { password: 'pw two' } }));
    expect(wrong).toMatchObject({ ok: false, problem: { code: 'WRONG_PASSWORD' } });
    expect(tus.startResumableUpload).not.toHaveBeenCalled();

    const off = await beginResumableShare(request({ record, choice: null }));
    expect(off).toMatchObject({ ok: false, problem: { code: 'VALIDATION_FAILED' } });

    const right = await beginResumableShare(request({ record, choice: { password: 'pw one' } }));
    expect(right).toMatchObject({ ok: true, created: { share: { code: '4821' } } });
    expect(started()).toMatchObject({
      resume: { url: uploadUrl, secret: uploadSecret },
      metadata: {},
    });
    const again: RangeEncryptor = started().encrypted!;
    const size = first.size;
    expect(
      Buffer.from(await again.read(0, size)).equals(Buffer.from(await first.read(0, size))),
    ).toBe(true);
  }, 30_000);
});
