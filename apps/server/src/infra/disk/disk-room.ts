import { statfs } from 'node:fs/promises';

/** Error codes of a write that found no room: the disk, a quota, SQLite, PostgreSQL. */
const outOfSpaceCodes = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** Whether `error` (or an error it wraps) is a write that failed for lack of space. */
export function isOutOfSpace(error: unknown): boolean {
  for (let current = error, depth = 0; current != null && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && outOfSpaceCodes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export interface DiskRoomOptions {
  /** DATA_DIR: where SQLite and local files live. */
  dir: string;
  /** Free bytes kept for the database (HEALTH_MIN_FREE_BYTES): uploads never take them. */
  reserveBytes: number;
  /** Whether anything of ours lives on `dir`'s disk (SQLite, or files stored locally). */
  watched: boolean;
  /** Whether upload bytes land on that disk (local files), or only the database does. */
  uploadsLand: boolean;
}

/**
 * The data disk's room. Upload bytes are refused before they would leave less than
 * the reserve free, so the database keeps room to record deletions and downloads however
 * full uploads make the disk; the bytes of this process's uploads still arriving count as
 * taken already, so uploads begun together cannot pass it between them.
 */
export function createDiskRoom(options: DiskRoomOptions) {
  let arriving = 0;
  let lastFullAt = 0;

  async function freeBytes(): Promise<number> {
    const stats = await statfs(options.dir);
    return stats.bavail * stats.bsize;
  }

  return {
    /**
     * False when `bytes` more would leave less than the reserve free; otherwise they count
     * as arriving until `until` closes (the request's response).
     */
    async hasRoomFor(
      bytes: number,
      until?: { once(event: 'close', fn: () => void): unknown },
    ): Promise<boolean> {
      if (!options.watched) return true;
      const charged = options.uploadsLand ? Math.max(0, bytes) : 0;
      if ((await freeBytes()) - arriving - charged < options.reserveBytes) return false;
      if (until === undefined || charged === 0) return true;
      arriving += charged;
      until.once('close', () => {
        arriving -= charged;
      });
      return true;
    },

    /** The disk has the reserve free (or is none of ours): what /healthz checks. */
    async hasReserve(): Promise<boolean> {
      return !options.watched || (await freeBytes()) >= options.reserveBytes;
    },

    /** A write failed for lack of space: health answers are no longer to be trusted. */
    noteFull(): void {
      lastFullAt = Date.now();
    },

    /** When a write last failed for lack of space (ms since the epoch; 0 for never). */
    get lastFullAt(): number {
      return lastFullAt;
    },
  };
}

export type DiskRoom = ReturnType<typeof createDiskRoom>;
