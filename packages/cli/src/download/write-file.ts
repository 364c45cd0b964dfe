import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { link, open, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CliError } from '../cli-errors.js';

/** Part files still being written, removed if the process is interrupted. */
export const unfinishedFiles = new Set<string>();

/**
 * Writes `chunks` to a hidden part file beside `path` and moves it into place only once
 * every chunk arrived (and, for encrypted files, authenticated): a failure never leaves a
 * partial or unauthenticated file under the real name. Without `overwrite`, an existing
 * file is never replaced, even one created while the download ran.
 */
export async function writeFileAtomically(
  path: string,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  overwrite: boolean,
): Promise<void> {
  const part = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.part`);
  const handle = await open(part, 'wx');
  unfinishedFiles.add(part);
  try {
    for await (const chunk of chunks) {
      for (let offset = 0; offset < chunk.length;) {
        const { bytesWritten } = await handle.write(chunk, offset);
        offset += bytesWritten;
      }
    }
    await handle.close();
    if (overwrite) await rename(part, path);
    else await moveWithoutReplacing(part, path);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(part, { force: true });
    throw error;
  } finally {
    unfinishedFiles.delete(part);
  }
}

/** link() fails if the name exists, atomically; rename() would replace it silently. */
async function moveWithoutReplacing(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      throw new CliError(`${to} appeared while downloading: use --force to overwrite it`);
    }
    // Some file systems (FAT, a few network mounts) have no hard links: rename instead.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EXDEV') return rename(from, to);
    throw error;
  }
  await unlink(from);
}

/** For `-o -`: standard output, waiting for it to drain so memory stays bounded. */
export async function writeToStdout(chunks: AsyncIterable<Uint8Array>): Promise<void> {
  const out = process.stdout;
  for await (const chunk of chunks) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
}
