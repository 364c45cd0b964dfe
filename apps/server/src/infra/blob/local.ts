import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, rename, rm, stat, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeadWriter, thisWriter } from '../runtime/process-identity.js';
import { assertBlobKey, isBlobKey } from './keys.js';
import {
  checkRange,
  copyInto,
  errorCode,
  listFiles,
  listNames,
  storeStep,
  syncDirectory,
  unavailable,
} from './local-fs.js';
import { BlobNotFoundError } from './blob-store.js';
import type { BlobStore } from './blob-store.js';
import { assertBlobRange } from './range.js';

export interface LocalBlobStoreOptions {
  /** Directory holding the objects, one file per key; created when missing. */
  dir: string;
}

// In-progress puts live next to their target so the final rename is atomic (same filesystem),
// named after the process writing them (domain/process-identity.ts): a crashed process's
// are known as such at once. Names without a writer come from earlier versions.
const TEMP_PATTERN = /^(.+)\.[0-9a-f]{12}(?:\.([0-9a-f]{12}-[0-9]+-[0-9]+))?\.partial$/;

export function createLocalBlobStore({ dir }: LocalBlobStoreOptions): BlobStore {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pathOf = (key: string): string => {
    assertBlobKey(key);
    return join(dir, key);
  };

  // ENOENT means "no such object" only while the directory itself is still there.
  const missing = async (key: string, err: unknown): Promise<Error> => {
    if (errorCode(err) !== 'ENOENT') return unavailable(err);
    const dirStat = await stat(dir).catch(() => null);
    return dirStat?.isDirectory()
      ? new BlobNotFoundError(`Blob ${key} not found`)
      : unavailable(err);
  };

  return {
    kind: 'local',

    async put(key, body) {
      const target = pathOf(key);
      const temp = join(dir, `${key}.${randomBytes(6).toString('hex')}.${thisWriter}.partial`);
      let handle: FileHandle;
      try {
        handle = await open(temp, 'wx', 0o600);
      } catch (err) {
        body.destroy();
        throw unavailable(err);
      }
      try {
        const size = await copyInto(handle, body);
        await storeStep(() => handle.sync());
        await storeStep(() => handle.close());
        await storeStep(() => rename(temp, target));
        await syncDirectory(dir);
        return { size };
      } catch (err) {
        await handle.close().catch(() => undefined);
        await rm(temp, { force: true }).catch(() => undefined);
        throw err;
      }
    },

    async get(key, range) {
      const path = pathOf(key);
      if (range) assertBlobRange(range);
      let handle: FileHandle;
      try {
        handle = await open(path, 'r');
      } catch (err) {
        throw await missing(key, err);
      }
      try {
        if (range) await checkRange(handle, range);
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      } catch (err) {
        await handle.close().catch(() => undefined);
        throw err instanceof RangeError ? err : unavailable(err);
      }
    },

    async stat(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        return { size: info.size, lastModified: info.mtime };
      } catch (err) {
        throw await missing(key, err);
      }
    },

    async delete(key) {
      const path = pathOf(key);
      try {
        await unlink(path);
      } catch (err) {
        if (errorCode(err) !== 'ENOENT') throw unavailable(err);
      }
    },

    async *list() {
      for await (const { name, info } of listFiles(dir)) {
        if (isBlobKey(name)) yield { key: name, lastModified: info.mtime };
      }
    },

    // A file whose writer died (a crash, a forced shutdown) is removed whatever its age;
    // one whose writer cannot be judged (another machine) once it is older than `olderThan`.
    async sweepIncomplete(olderThan) {
      let removed = 0;
      for await (const name of listNames(dir)) {
        const match = TEMP_PATTERN.exec(name);
        if (!match?.[1] || !isBlobKey(match[1])) continue;
        const writer = match[2];
        if (writer === undefined || !isDeadWriter(writer)) {
          const info = await stat(join(dir, name)).catch(() => null);
          if (info === null || info.mtime >= olderThan) continue;
        }
        await rm(join(dir, name), { force: true }).catch((err: unknown) => {
          throw unavailable(err);
        });
        removed += 1;
      }
      return removed;
    },

    // Permissions are not enough: a full or read-only disk fails every upload. A small file
    // outside the key space is written, synced and removed.
    async health() {
      const probe = join(dir, `.health-${randomBytes(6).toString('hex')}`);
      try {
        const handle = await open(probe, 'wx', 0o600);
        try {
          await handle.writeFile('ok');
          await handle.sync();
        } finally {
          await handle.close();
        }
        return true;
      } catch {
        return false;
      } finally {
        await rm(probe, { force: true }).catch(() => undefined);
      }
    },

    async close() {
      // Nothing is held open between calls; streams returned by get close themselves.
    },
  };
}
