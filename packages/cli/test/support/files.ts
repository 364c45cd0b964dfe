import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh working folder; removed by the returned function. */
export async function scratchDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'codedrop-cli-files-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes `files` (name → content) into `dir`, returning their paths in the same order. */
export async function writeFiles(dir: string, files: Record<string, Buffer>): Promise<string[]> {
  return Promise.all(
    Object.entries(files).map(async ([name, content]) => {
      const path = join(dir, name);
      await writeFile(path, content);
      return path;
    }),
  );
}

export const random = (bytes: number) => randomBytes(bytes);
export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir`, as paths relative to it, sorted. */
export async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

export const read = (path: string) => readFile(path);
