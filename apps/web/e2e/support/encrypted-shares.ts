import { expect, type APIRequestContext } from '@playwright/test';
import { createKeys, encryptBlob, sealFileMeta, sealText } from '@codedrop/crypto';
import type { CreatedShare } from './api';

interface EncryptedTextOptions {
  type: 'clipboard' | 'notepad';
  content: string;
  password: string;
  burnAfterReading?: boolean;
  recoveryEmail?: string;
}

/**
 * Creates an encrypted text or note share through the API, encrypting in Node with the
 * same package the browser uses, for tests of the viewer that need many shares quickly.
 */
export async function createEncryptedTextShare(
  request: APIRequestContext,
  options: EncryptedTextOptions,
): Promise<CreatedShare> {
  const keys = await createKeys(options.password);
  const response = await request.post('/api/shares', {
    data: {
      type: options.type,
      encryptedPayload: await sealText(keys, options.content),
      authVerifier: keys.authVerifier,
      burnAfterReading: options.burnAfterReading ?? false,
      ...(options.recoveryEmail === undefined
        ? {}
        : { recoveryEmail: options.recoveryEmail, recoveryPassword: options.password }),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedShare;
}

/** Uploads an encrypted file share: sealed metadata, then the segmented ciphertext. */
export async function createEncryptedFileShare(
  request: APIRequestContext,
  file: { name: string; mimeType: string; buffer: Buffer },
  password: string,
  maxDownloads: number,
): Promise<CreatedShare & { fileSize: number }> {
  return createEncryptedFilesShare(request, [file], password, maxDownloads);
}

/**
 * Uploads an encrypted share of several files: one metadata envelope listing every file
 * (sealFileMeta), then each file encrypted on its own with the same keys, in that order.
 */
export async function createEncryptedFilesShare(
  request: APIRequestContext,
  files: { name: string; mimeType: string; buffer: Buffer }[],
  password: string,
  maxDownloads: number,
): Promise<CreatedShare & { fileSize: number }> {
  const keys = await createKeys(password);
  const metas = files.map((file) => ({
    name: file.name,
    type: file.mimeType,
    size: file.buffer.length,
  }));
  const form = new FormData();
  form.append('maxDownloads', String(maxDownloads));
  form.append('encryptedPayload', JSON.stringify(await sealFileMeta(keys, metas)));
  form.append('authVerifier', keys.authVerifier);
  for (const file of files) {
    const ciphertext = await encryptBlob(new Blob([new Uint8Array(file.buffer)]), keys.encKey);
    form.append(
      'file',
      new File([ciphertext], 'encrypted_file', { type: 'application/octet-stream' }),
    );
  }
  const response = await request.post('/api/files', { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedShare & { fileSize: number };
}
