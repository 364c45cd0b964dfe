/** The most Buffer memory (process.memoryUsage().arrayBuffers) above the start while `action` runs. */
export async function peakBufferGrowth(action: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().arrayBuffers;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  }, 2);
  try {
    await action();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().arrayBuffers) - before;
}
