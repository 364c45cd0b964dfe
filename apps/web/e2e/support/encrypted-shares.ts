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
  const keys = await createKeys(password);
  const meta = { name: file.name, type: file.mimeType, size: file.buffer.length };
  const envelope = await sealFileMeta(keys, meta);
  const ciphertext = await encryptBlob(new Blob([new Uint8Array(file.buffer)]), keys.encKey);
  const response = await request.post('/api/files', {
    multipart: {
      maxDownloads: String(maxDownloads),
      encryptedPayload: JSON.stringify(envelope),
      authVerifier: keys.authVerifier,
      file: {
        name: 'encrypted_file',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(await ciphertext.arrayBuffer()),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedShare & { fileSize: number };
}
