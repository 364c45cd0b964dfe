import {
  createKeys,
  encryptBlob,
  sealFileMeta,
  type Envelope,
  type ProgressListener,
} from '@codedrop/crypto';
import { recoveryFields, type EncryptionChoice } from './options';
import { openAssembler } from './open-assembler';
import type { SealProgressListener } from './progress';

export interface SealedFiles {
  /** The encryption fields of `POST /api/files`. */
  fields: {
    encryptedPayload: Envelope;
    authVerifier: string;
    recoveryEmail?: string;
    recoveryPassword?: string;
  };
  /**
   * The stored form of each file, in the order given: header and 1 MiB sealed segments,
   * to upload as the file parts.
   */
  ciphertexts: Blob[];
}

/**
 * Encrypts a share's files one after the other, each segment by segment (never a whole
 * plaintext in memory at once) under the same keys, and seals their real names, types and
 * sizes as one metadata list in the same order (docs/design.md#encryption). Progress runs
 * over the plaintext bytes of all files together, so one bar covers the whole share.
 */
export async function sealFileShare(
  choice: EncryptionChoice,
  files: readonly File[],
  onProgress?: SealProgressListener,
): Promise<SealedFiles> {
  onProgress?.({ stage: 'deriving' });
  const keys = await createKeys(choice.password);
  const metas = files.map((file) => ({ name: file.name, type: file.type, size: file.size }));
  const encryptedPayload = await sealFileMeta(keys, metas);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  onProgress?.({ stage: 'encrypting', done: 0, total });
  const ciphertexts: Blob[] = [];
  let before = 0;
  for (const file of files) {
    const start = before;
    ciphertexts.push(
      await encryptFile(file, keys.encKey, (done) =>
        onProgress?.({ stage: 'encrypting', done: start + done, total }),
      ),
    );
    before += file.size;
  }
  return {
    fields: { encryptedPayload, authVerifier: keys.authVerifier, ...recoveryFields(choice) },
    ciphertexts,
  };
}

/**
 * The stored form of a file's bytes, as uploaded: read with a BYOB reader, sealed segment by
 * segment on this thread, gathered into the Blob by a worker where there is one.
 */
export async function encryptFile(
  file: Blob,
  encKey: CryptoKey,
  onProgress?: ProgressListener,
): Promise<Blob> {
  return encryptBlob(file, encKey, { onProgress, assembler: await openAssembler() });
}
