import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { encryptedSize, type OpenedSubmission } from '@codedrop/crypto';
import type { ApiClient } from '../api/client.js';
import { CliError } from '../cli-errors.js';
import { downloadFile } from './download-files.js';
import { submissionFileNames } from './submission-folders.js';
import { unfinishedFiles, writeFileAtomically } from './write-file.js';

export interface SubmissionBlob {
  /** GET …/submissions/{id}/blob (downloadSubmissionEndpoint): every file's encrypted stream, back to back. */
  url: string;
  /** Authorization for it: the pickup token. */
  headers: Record<string, string>;
}

export interface SavedSubmission {
  folder: string;
  text: string | null;
  files: { name: string; path: string; size: number; type: string }[];
}

/**
 * Saves one opened submission into `folder`: its text as text.txt and each file, decrypted as
 * it streams in (each a byte range of the submission's object). Everything is written into a
 * hidden part folder first and moved into place only when complete, so a failure or Ctrl-C
 * never leaves a submission half saved under its real name.
 */
export async function saveSubmission(
  api: ApiClient,
  opened: OpenedSubmission,
  blob: SubmissionBlob | null,
  folder: string,
  replace: boolean,
): Promise<SavedSubmission> {
  const { meta, encKey } = opened;
  const names = submissionFileNames(meta);
  const part = join(dirname(folder), `.${basename(folder)}.${randomBytes(4).toString('hex')}.part`);
  await mkdir(part);
  unfinishedFiles.add(part);
  try {
    if (names.text !== undefined && meta.text !== undefined) {
      const bytes = new TextEncoder().encode(meta.text);
      await writeFileAtomically(join(part, names.text), [bytes], false);
    }
    let offset = 0;
    for (const [i, file] of meta.files.entries()) {
      if (blob === null) throw new CliError('the server holds no files for this submission');
      const storedSize = encryptedSize(file.size);
      const incoming = { name: file.name, storedSize, size: file.size, offset, ...blob };
      await downloadFile(
        api,
        incoming,
        { kind: 'file', path: join(part, names.files[i]!) },
        { encKey },
        false,
      );
      offset += storedSize;
    }
    if (replace) await rm(folder, { recursive: true, force: true });
    await rename(part, folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOTEMPTY' || error.code === 'EEXIST') {
        throw new CliError(`${folder} appeared while downloading: use --force to replace it`);
      }
      throw error;
    });
  } catch (error) {
    await rm(part, { recursive: true, force: true });
    throw error;
  } finally {
    unfinishedFiles.delete(part);
  }
  return {
    folder,
    text: names.text === undefined ? null : join(folder, names.text),
    files: meta.files.map((file, i) => ({ ...file, path: join(folder, names.files[i]!) })),
  };
}
