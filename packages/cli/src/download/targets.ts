import { stat } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { CliError, UsageError } from '../cli-errors.js';
import { safeFileName, uniqueNames } from './safe-names.js';

/** Where one downloaded file goes: a path, or standard output for `-o -`. */
export type Destination = { kind: 'stdout' } | { kind: 'file'; path: string };

export interface SavePlan {
  /** The folder the files go into (created if missing). */
  folder?: string;
  destinations: Destination[];
}

async function kindOf(path: string): Promise<'file' | 'directory' | 'other' | null> {
  const info = await stat(path).catch(() => null);
  if (info === null) return null;
  return info.isDirectory() ? 'directory' : info.isFile() ? 'file' : 'other';
}

/**
 * Decides every path before a download is taken (each one is counted): one file goes to
 * `output` (or into it, when it is a folder) or under its own name here; several go into a
 * folder, `output` or `codedrop-{code}`. An existing file is refused unless `force`.
 */
export async function planTargets(
  code: string,
  names: readonly string[],
  output: string | undefined,
  force: boolean,
): Promise<SavePlan> {
  const safe = uniqueNames(names.map(safeFileName));
  let plan: SavePlan;
  if (safe.length === 1) {
    if (output === '-') return { destinations: [{ kind: 'stdout' }] };
    // "-o dir/" (created if missing) or an existing folder: the file goes in under its name.
    const intoFolder =
      output !== undefined && (/[/\\]$/.test(output) || (await kindOf(output)) === 'directory');
    if (intoFolder) {
      const folder = resolve(output);
      plan = { folder, destinations: [{ kind: 'file', path: join(folder, safe[0]!) }] };
    } else {
      plan = { destinations: [{ kind: 'file', path: resolve(output ?? safe[0]!) }] };
    }
  } else {
    if (output === '-') {
      throw new UsageError(`this share has ${safe.length} files: -o - takes only one`);
    }
    const folder = resolve(output ?? `codedrop-${code}`);
    const kind = await kindOf(folder);
    if (kind !== null && kind !== 'directory') {
      throw new CliError(`${folder} exists and is not a folder`);
    }
    plan = {
      folder,
      destinations: safe.map((name) => ({ kind: 'file', path: join(folder, name) })),
    };
  }
  for (const destination of plan.destinations) {
    if (destination.kind !== 'file') continue;
    // A safe name has no separator, so this holds; checked anyway, as the last line of defence.
    if (plan.folder !== undefined && dirname(destination.path) !== plan.folder) {
      throw new CliError(`refusing to write outside ${plan.folder}${sep}`);
    }
    const existing = await kindOf(destination.path);
    if (existing === 'directory' || existing === 'other') {
      throw new CliError(`${destination.path} exists and is not a file`);
    }
    if (existing === 'file' && !force) {
      throw new CliError(
        `${basename(destination.path)} already exists in ${dirname(destination.path)}: use --force to overwrite it`,
      );
    }
  }
  return plan;
}
