import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { open, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  dir: string;
  /** Free bytes as an unprivileged writer sees them. */
  free(): Promise<number>;
  /**
   * Fills the disk with a file of its own until `leave` bytes are free (0: until writes
   * fail for lack of space), as another program would; `release` removes it.
   */
  fill(leave?: number): Promise<{ release(): void }>;
  unmount(): void;
}

/**
 * A real filesystem of `bytes` (tmpfs), so a full disk is a full disk; null where this
 * process may not mount one (not root), and the tests that need it are skipped there.
 */
export function mountSmallDisk(bytes: number): SmallDisk | null {
  const dir = mkdtempSync(join(tmpdir(), 'codedrop-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir], {
      stdio: 'ignore',
    });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const free = async () => {
    const stats = await statfs(dir);
    return stats.bavail * stats.bsize;
  };
  let fillers = 0;
  return {
    dir,
    free,
    async fill(leave = 0) {
      const path = join(dir, `filler-${fillers++}`);
      const handle = await open(path, 'w');
      const block = Buffer.alloc(64 * 1024, 1);
      try {
        for (;;) {
          const room = (await free()) - leave;
          if (room <= 0) break;
          await handle.write(block, 0, Math.min(block.length, room));
        }
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'ENOSPC') throw error;
      } finally {
        await handle.close();
      }
      return { release: () => rmSync(path, { force: true }) };
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
