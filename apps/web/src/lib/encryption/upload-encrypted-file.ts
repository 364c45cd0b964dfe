import type { CreateFileResponse } from '@codedrop/contract';
import { uploadFileShare } from '../api/files-api';
import type { ApiResult } from '../api/result';
import type { EncryptionChoice } from './options';
import type { SealProgressListener } from './progress';
import { sealFileShare } from './seal-file';

/**
 * Encrypts a file share in the browser and uploads only ciphertext: key derivation, then
 * each file's segment-by-segment encryption, then one upload of them all, each stage
 * reported to `onProgress`. Never throws; a failure of WebCrypto itself comes back as an
 * INTERNAL problem.
 */
export async function uploadEncryptedFileShare(
  choice: EncryptionChoice,
  files: readonly File[],
  options: { maxDownloads: number; expiresInSeconds?: number },
  onProgress?: SealProgressListener,
): Promise<ApiResult<CreateFileResponse>> {
  let sealed;
  try {
    sealed = await sealFileShare(choice, files, onProgress);
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
  const total = sealed.ciphertexts.reduce((sum, blob) => sum + blob.size, 0);
  onProgress?.({ stage: 'uploading', done: 0, total });
  // Every ciphertext goes under the same neutral name: the real ones never leave in the
  // clear, and the order of the parts is the order of the sealed metadata list.
  const parts = sealed.ciphertexts.map((blob) => new File([blob], 'encrypted_file'));
  return uploadFileShare(
    parts,
    { ...options, encryption: sealed.fields },
    {
      onProgress: ({ loaded, total }) => onProgress?.({ stage: 'uploading', done: loaded, total }),
    },
  );
}
