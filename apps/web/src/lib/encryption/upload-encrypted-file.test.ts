// @vitest-environment node
import { decryptBlob, decryptFileMeta, deriveKeysFor, encryptedSize } from '@codedrop/crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileShareFields } from '../api/files-api';
import type { SealProgress } from './progress';
import { uploadEncryptedFileShare } from './upload-encrypted-file';

const upload = vi.hoisted(() => ({ uploadFileShare: vi.fn() }));
vi.mock('../api/files-api', () => upload);

afterEach(() => vi.clearAllMocks());

const created = { ok: true, data: { code: '4821' } };
const answerWithProgress = async (
  _files: File[],
  _fields: unknown,
  options: { onProgress: (p: object) => void },
) => {
  options.onProgress({ loaded: 10, total: 20 });
  return created;
};

const uploaded = () => upload.uploadFileShare.mock.calls[0] as [File[], Required<FileShareFields>];

describe('uploadEncryptedFileShare', () => {
  it('derives, encrypts, then uploads only ciphertext, reporting each stage', async () => {
    upload.uploadFileShare.mockImplementation(answerWithProgress);
    const file = new File(['top secret bytes'], 'plan.txt', { type: 'text/plain' });
    const stages: SealProgress['stage'][] = [];
    const result = await uploadEncryptedFileShare(
      { password: 'pw', recoveryEmail: 'me@example.org' },
      [file],
      { maxDownloads: 4, expiresInSeconds: 600 },
      (progress) => stages.push(progress.stage),
    );
    expect(result).toBe(created);
    expect([...new Set(stages)]).toEqual(['deriving', 'encrypting', 'uploading']);

    const [[ciphertext], fields] = uploaded();
    expect(ciphertext!.name).toBe('encrypted_file');
    expect(fields).toMatchObject({
      maxDownloads: 4,
      expiresInSeconds: 600,
      encryption: { recoveryEmail: 'me@example.org', recoveryPassword: 'pw' },
    });
    expect(await decryptFileMeta('pw', fields.encryption.encryptedPayload)).toEqual([
      { name: 'plan.txt', type: 'text/plain', size: 16 },
    ]);
    expect(ciphertext!.size).toBe(encryptedSize(16));
    expect(new TextDecoder().decode(await ciphertext!.arrayBuffer())).not.toContain('top secret');
  });

  it('uploads one neutrally named ciphertext per file, in the order of the metadata', async () => {
    upload.uploadFileShare.mockImplementation(answerWithProgress);
    const files = [
      new File(['first file, the longest of the three'], 'a.pdf', { type: 'application/pdf' }),
      new File(['second'], 'b.png', { type: 'image/png' }),
      new File(['third!!'], 'c.txt', { type: 'text/plain' }),
    ];
    const uploading: SealProgress[] = [];
    await uploadEncryptedFileShare({ password: 'pw' }, files, { maxDownloads: 1 }, (p) => {
      if (p.stage === 'uploading') uploading.push(p);
    });

    const [parts, fields] = uploaded();
    expect(parts.map((part) => part.name)).toEqual(Array(3).fill('encrypted_file'));
    expect(parts.map((part) => part.size)).toEqual(files.map((f) => encryptedSize(f.size)));
    const metas = await decryptFileMeta('pw', fields.encryption.encryptedPayload);
    expect(metas.map((meta) => meta.name)).toEqual(['a.pdf', 'b.png', 'c.txt']);

    const { encKey } = await deriveKeysFor('pw', fields.encryption.encryptedPayload.kdf);
    for (const [index, part] of parts.entries()) {
      const plain = await decryptBlob(part, encKey, metas[index]!.size);
      expect(await plain.text()).toBe(await files[index]!.text());
    }
    // The upload stage starts at the stored total of every part, then follows the request.
    const stored = parts.reduce((sum, part) => sum + part.size, 0);
    expect(uploading[0]).toEqual({ stage: 'uploading', done: 0, total: stored });
    expect(uploading[1]).toEqual({ stage: 'uploading', done: 10, total: 20 });
  });

  it('reports a failure to encrypt as a problem, uploading nothing', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = { name: 'x', type: '', size: 1 } as File;
    const result = await uploadEncryptedFileShare({ password: 'pw' }, [broken], {
      maxDownloads: 1,
    });
    expect(result).toMatchObject({ ok: false, problem: { code: 'INTERNAL' } });
    expect(upload.uploadFileShare).not.toHaveBeenCalled();
    expect(spy).toHaveBeenCalled();
  });
});
