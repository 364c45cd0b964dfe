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

export interface SealedFile {
  /** The encryption fields of `POST /api/files`. */
  fields: {
    encryptedPayload: Envelope;
    authVerifier: string;
    recoveryEmail?: string;
    recoveryPassword?: string;
  };
  /** The stored form: header and 1 MiB sealed segments, to upload as the file part. */
  ciphertext: Blob;
}

/**
 * Encrypts a file segment by segment (never the whole plaintext in memory at once) and
 * seals its real name, type and size as the share's metadata (docs/design.md#encryption).
 */
export async function sealFileShare(
  choice: EncryptionChoice,
  file: File,
  onProgress?: SealProgressListener,
): Promise<SealedFile> {
  onProgress?.({ stage: 'deriving' });
  const keys = await createKeys(choice.password);
  const meta = { name: file.name, type: file.type, size: file.size };
  const encryptedPayload = await sealFileMeta(keys, meta);
  onProgress?.({ stage: 'encrypting', done: 0, total: file.size });
  const ciphertext = await encryptFile(file, keys.encKey, (done, total) =>
    onProgress?.({ stage: 'encrypting', done, total }),
  );
  return {
    fields: { encryptedPayload, authVerifier: keys.authVerifier, ...recoveryFields(choice) },
    ciphertext,
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
