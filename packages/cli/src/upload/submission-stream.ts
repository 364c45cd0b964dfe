import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { encryptChunks, encryptedSize, NONCE_PREFIX_BYTES, SEGMENT_SIZE } from '@codedrop/crypto';
import { CliError } from '../cli-errors.js';
import type { LocalFile } from './local-files.js';

/** A file of a submission, with what makes its encrypted stream the same bytes every time. */
export interface SubmissionFile extends LocalFile {
  /** Fixed for the whole upload, so a resumed upload sends what the first attempt would have. */
  noncePrefix: Uint8Array;
  /** When the file was last changed, as it was read for the metadata. */
  modifiedMs: number;
}

export async function asSubmissionFiles(files: readonly LocalFile[]): Promise<SubmissionFile[]> {
  return Promise.all(
    files.map(async (file) => ({
      ...file,
      noncePrefix: randomBytes(NONCE_PREFIX_BYTES),
      modifiedMs: (await stat(file.path)).mtimeMs,
    })),
  );
}

/** The stored object: every file's encrypted stream, back to back. */
export function storedSizeOf(files: readonly SubmissionFile[]): number {
  return files.reduce((sum, file) => sum + encryptedSize(file.size), 0);
}

/**
 * Before a resume re-encrypts from the start: the same key and nonce prefix over changed
 * bytes would reuse GCM nonces for other plaintext, which must never happen.
 */
export async function checkUnchanged(files: readonly SubmissionFile[]): Promise<void> {
  for (const file of files) {
    const info = await stat(file.path).catch(() => null);
    if (info === null || info.size !== file.size || info.mtimeMs !== file.modifiedMs) {
      throw new CliError(`${file.name} changed while it was being sent`);
    }
  }
}

/**
 * The submission's stored bytes, encrypted from disk as they are read (docs/design.md#requests-
 * encrypting-to-the-asker: each file a stream under the submission key), in the order of the
 * sealed metadata's `files`. Memory stays at about one segment whatever the files' sizes.
 */
export async function* submissionBytes(
  files: readonly SubmissionFile[],
  encKey: CryptoKey,
): AsyncGenerator<Uint8Array> {
  for (const file of files) {
    const source = createReadStream(file.path, { highWaterMark: SEGMENT_SIZE });
    try {
      yield* encryptChunks({ encKey, source, length: file.size, noncePrefix: file.noncePrefix });
    } catch (error) {
      // The encryptor refuses a source longer or shorter than the size in the metadata.
      if (error instanceof RangeError) {
        throw new CliError(`${file.name} changed while it was being sent`);
      }
      throw error;
    } finally {
      source.destroy();
    }
  }
}
