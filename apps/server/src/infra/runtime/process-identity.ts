import { createHash } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Who holds an upload's lease or writes a half-finished file: `${space}-${pid}-${start}`.
 * A process can then tell at once that such a writer is dead — no waiting for a lease to
 * lapse or for a file to grow old — whenever the writer ran in its own process space (the
 * same machine, boot and pid namespace): its pid no longer runs, or runs a process
 * started at another moment (the pid was reused, or a restart got the same pid back).
 * A writer from any other space (another machine, another container) is never judged:
 * its leases lapse and its files age as before, so no live instance is ever robbed.
 */
export interface ProcessWriter {
  space: string;
  pid: number;
  start: string;
}

const writerPattern = /^([0-9a-f]{12})-([1-9][0-9]{0,9})-([0-9]{1,20})$/;

/** Reads a file of /proc; null where there is none (another system, a process gone). */
function readProc(path: string, read: (path: string) => string = (at) => readFileSync(at, 'utf8')) {
  try {
    return read(path);
  } catch {
    return null;
  }
}

/**
 * The kernel's start time of `pid` in clock ticks since boot (Linux), which no other
 * process of this boot shares with it; null when the pid does not run. Elsewhere the
 * answer is `undefined`: start times cannot be read there.
 */
function startOf(pid: number | 'self'): string | null | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (stat === null) return readProc('/proc/self/stat') === null ? undefined : null;
  // The command name (in parentheses) may hold spaces: fields are counted after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function processSpace(): string {
  const boot = readProc('/proc/sys/kernel/random/boot_id') ?? '';
  const namespace = readProc('/proc/self/ns/pid', (path) => readlinkSync(path)) ?? '';
  return createHash('sha256')
    .update(`${hostname()}\0${boot.trim()}\0${namespace}`)
    .digest('hex')
    .slice(0, 12);
}

const self: ProcessWriter = {
  space: processSpace(),
  pid: process.pid,
  start: startOf('self') ?? String(Math.round(performance.timeOrigin)),
};

/** This process as a writer's tag: what its leases and unfinished files are marked with. */
export const thisWriter = `${self.space}-${self.pid}-${self.start}`;

export function parseWriter(tag: string): ProcessWriter | null {
  const match = writerPattern.exec(tag);
  return match === null ? null : { space: match[1]!, pid: Number(match[2]), start: match[3]! };
}

/**
 * True only when `tag` names a writer of this process space that no longer runs; false
 * for this very process, for live writers and for every writer this process cannot judge.
 */
export function isDeadWriter(tag: string): boolean {
  const writer = parseWriter(tag);
  if (writer === null || writer.space !== self.space) return false;
  if (writer.pid === self.pid) return writer.start !== self.start;
  const start = startOf(writer.pid);
  if (start !== undefined) return start !== writer.start;
  // No start times to compare: a running pid may be the writer still.
  try {
    process.kill(writer.pid, 0);
    return false;
  } catch (error) {
    return (error as { code?: unknown }).code === 'ESRCH';
  }
}
