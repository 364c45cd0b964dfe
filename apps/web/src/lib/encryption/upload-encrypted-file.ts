import type { CreateFileResponse } from '@codedrop/contract';
import { uploadFileShare } from '../api/files-api';
import type { ApiResult } from '../api/result';
import type { EncryptionChoice } from './options';
import type { SealProgressListener } from './progress';
import { sealFileShare } from './seal-file';

/**
 * Encrypts a file share in the browser and uploads only ciphertext: key derivation, then
 * segment-by-segment encryption, then the upload, each reported to `onProgress`. Never
 * throws; a failure of WebCrypto itself comes back as an INTERNAL problem.
 */
export async function uploadEncryptedFileShare(
  choice: EncryptionChoice,
  file: File,
  options: { maxDownloads: number; expiresInSeconds?: number },
  onProgress?: SealProgressListener,
): Promise<ApiResult<CreateFileResponse>> {
  let sealed;
  try {
    sealed = await sealFileShare(choice, file, onProgress);
  } catch (error) {
    console.error('Encryption failed', error);
    return {
      ok: false,
      problem: {
        code: 'INTERNAL',
        status: 0,
        title: 'Encryption failed',
        detail: 'This browser could not encrypt the file.',
      },
    };
  }
  onProgress?.({ stage: 'uploading', done: 0, total: sealed.ciphertext.size });
  // The ciphertext goes under a neutral name: the real one never leaves in the clear.
  const ciphertext = new File([sealed.ciphertext], 'encrypted_file');
  return uploadFileShare(
    ciphertext,
    { ...options, encryption: sealed.fields },
    {
      onProgress: ({ loaded, total }) => onProgress?.({ stage: 'uploading', done: loaded, total }),
    },
  );
}
