import type { Stats } from 'node:fs';
import { open, opendir, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { BlobUnavailableError } from './blob-store.js';
import type { BlobRange } from './blob-store.js';
import { unsatisfiableRange } from './range.js';

/** Writes all of `body` to `handle`; store errors become BlobUnavailableError. */
export async function copyInto(handle: FileHandle, body: Readable): Promise<number> {
  let size = 0;
  // Errors thrown by the iteration are the source's own; leaving the loop destroys `body`.
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    await storeStep(() => writeFully(handle, bytes));
    size += bytes.length;
  }
  return size;
}

async function writeFully(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
    offset += bytesWritten;
  }
}

export async function checkRange(handle: FileHandle, range: BlobRange): Promise<void> {
  const { size } = await handle.stat();
  if (range.start >= size) throw unsatisfiableRange(range, size);
}

/** Regular files in `dir` with their stats; files vanishing mid-listing are skipped. */
export async function* listFiles(dir: string): AsyncGenerator<{ name: string; info: Stats }> {
  let entries;
  try {
    entries = await opendir(dir);
  } catch (err) {
    throw unavailable(err);
  }
  for await (const entry of entries) {
    if (!entry.isFile()) continue;
    // A file removed between the directory read and the stat is simply gone.
    const info = await stat(join(dir, entry.name)).catch((err: unknown) => {
      if (errorCode(err) === 'ENOENT') return null;
      throw unavailable(err);
    });
    if (info) yield { name: entry.name, info };
  }
}

/** The names of the regular files in `dir`, none of them stat'ed. */
export async function* listNames(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await opendir(dir);
  } catch (err) {
    throw unavailable(err);
  }
  for await (const entry of entries) if (entry.isFile()) yield entry.name;
}

// The rename is only durable once the directory entry itself reaches the disk.
export async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some filesystems refuse fsync on directories; the data itself was already synced.
  }
}

export async function storeStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw unavailable(err);
  }
}

export function unavailable(err: unknown): BlobUnavailableError {
  return new BlobUnavailableError('Local blob store failed', { cause: err });
}

export function errorCode(err: unknown): unknown {
  return typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
}
