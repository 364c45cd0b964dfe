// @vitest-environment node
import { decryptFileMeta, encryptedSize } from '@codedrop/crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileShareFields } from '../api/files-api';
import type { SealProgress } from './progress';
import { uploadEncryptedFileShare } from './upload-encrypted-file';

const upload = vi.hoisted(() => ({ uploadFileShare: vi.fn() }));
vi.mock('../api/files-api', () => upload);

afterEach(() => vi.clearAllMocks());

describe('uploadEncryptedFileShare', () => {
  it('derives, encrypts, then uploads only ciphertext, reporting each stage', async () => {
    const created = { ok: true, data: { code: '4821' } };
    upload.uploadFileShare.mockImplementation(
      async (_f: File, _fields: unknown, options: { onProgress: (p: object) => void }) => {
        options.onProgress({ loaded: 10, total: 20 });
        return created;
      },
    );
    const file = new File(['top secret bytes'], 'plan.txt', { type: 'text/plain' });
    const stages: SealProgress['stage'][] = [];
    const result = await uploadEncryptedFileShare(
      { password: 'pw', recoveryEmail: 'me@example.org' },
      file,
      { maxDownloads: 4, expiresInSeconds: 600 },
      (progress) => stages.push(progress.stage),
    );
    expect(result).toBe(created);
    expect([...new Set(stages)]).toEqual(['deriving', 'encrypting', 'uploading']);

    const [ciphertext, fields] = upload.uploadFileShare.mock.calls[0] as [
      File,
      Required<FileShareFields>,
    ];
    expect(ciphertext.name).toBe('encrypted_file');
    expect(fields).toMatchObject({
      maxDownloads: 4,
      expiresInSeconds: 600,
      encryption: { recoveryEmail: 'me@example.org', recoveryPassword: 'pw' },
    });
    expect(await decryptFileMeta('pw', fields.encryption.encryptedPayload)).toEqual({
      name: 'plan.txt',
      type: 'text/plain',
      size: 16,
    });
    expect(ciphertext.size).toBe(encryptedSize(16));
    expect(new TextDecoder().decode(await ciphertext.arrayBuffer())).not.toContain('top secret');
  });

  it('reports a failure to encrypt as a problem, uploading nothing', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = { name: 'x', type: '', size: 1 } as File;
    const result = await uploadEncryptedFileShare({ password: 'pw' }, broken, { maxDownloads: 1 });
    expect(result).toMatchObject({ ok: false, problem: { code: 'INTERNAL' } });
    expect(upload.uploadFileShare).not.toHaveBeenCalled();
    expect(spy).toHaveBeenCalled();
  });
});
