import { readFileSync, writeFileSync } from 'node:fs';

const kib = (status, field) => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (match === null) throw new Error(`${field} missing from /proc status`);
  return Number(match[1]);
};

/** VmRSS and VmHWM (peak RSS) of a process, in KiB, from Linux's /proc. */
export function readMemory(pid) {
  let status;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read /proc/${pid}/status (the memory check needs Linux): ${error}`);
  }
  return { rssKiB: kib(status, 'VmRSS'), hwmKiB: kib(status, 'VmHWM') };
}

/**
 * Writing 5 to clear_refs resets VmHWM to the current RSS (Linux ≥ 4.0, the process's owner
 * or root). Some kernels and containers refuse it or ignore it, so the reset is verified.
 */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    return false;
  }
  const { rssKiB, hwmKiB } = readMemory(pid);
  return hwmKiB <= rssKiB + 1024;
}

/**
 * The server's peak RSS growth while `action` runs, over its RSS just before. VmRSS is also
 * sampled every 10 ms, which is the only source when the peak cannot be reset.
 */
export async function measureRssGrowth(pid, action) {
  const before = readMemory(pid).rssKiB;
  const peakReset = resetPeak(pid);
  let sampled = before;
  const timer = setInterval(() => {
    sampled = Math.max(sampled, readMemory(pid).rssKiB);
  }, 10);
  try {
    await action();
  } finally {
    clearInterval(timer);
  }
  const after = readMemory(pid);
  const peak = Math.max(sampled, after.rssKiB, peakReset ? after.hwmKiB : 0);
  return {
    beforeKiB: before,
    peakKiB: peak,
    growthKiB: peak - before,
    method: peakReset ? 'VmHWM reset via clear_refs, plus VmRSS every 10 ms' : 'VmRSS every 10 ms',
  };
}
