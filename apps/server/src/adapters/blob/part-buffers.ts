/**
 * The multipart part buffers of every S3 put in the process, taken from one budget. An
 * upload waits for a buffer rather than allocating one, and does not read its request
 * while it waits: TCP holds the rest of the body back, so memory stays bounded however
 * many uploads run at once.
 *
 * A buffer whose body is slow to fill it is set aside after `setAsideAfterMs`: it stays
 * with its upload but its place in the budget goes to the next one, so a few slow or
 * stalled clients cannot hold every other upload back. Memory is then bounded by the
 * budget plus one part per such client, which is what the time limit trades for it.
 *
 * Buffers are reused while uploads keep coming (filling one in place keeps the allocator
 * from scattering fresh part-sized blocks), and let go once none is in use for
 * `idleReleaseMs`, for the GC to hand back.
 */
export interface PartBuffers {
  readonly partSize: number;
  /** Resolves with a buffer of `partSize` bytes once the budget has room for it. */
  take(): Promise<Buffer>;
  /** Runs `work`, which fills `buffer` from a body, setting the buffer aside if it is slow. */
  filling<T>(buffer: Buffer, work: () => Promise<T>): Promise<T>;
  /** A buffer nothing reads any more goes back to the pool. */
  give(buffer: Buffer): void;
  /**
   * A buffer a failed request may still be reading from (a socket not yet torn down) is
   * never refilled: its place in the budget returns, the buffer itself is left to the GC.
   */
  drop(buffer: Buffer): void;
  usage(): PartBufferUsage;
}

export interface PartBufferUsage {
  /** Bytes of the buffers counted against the budget now, and at most since creation. */
  inUseBytes: number;
  peakInUseBytes: number;
  /** Bytes of buffers set aside from the budget and still filling. */
  setAsideBytes: number;
  /** Bytes of every buffer the pool has handed out or keeps for reuse. */
  heldBytes: number;
  /** Uploads waiting for a buffer. */
  waiting: number;
}

export interface PartBufferOptions {
  partSize: number;
  /** Bytes all buffers may take together; at least one part. */
  budgetBytes: number;
  setAsideAfterMs?: number;
  idleReleaseMs?: number;
}

export function createPartBuffers(options: PartBufferOptions): PartBuffers {
  const { partSize, budgetBytes, setAsideAfterMs = 5_000, idleReleaseMs = 10_000 } = options;
  const capacity = Math.floor(budgetBytes / partSize);
  if (!Number.isSafeInteger(partSize) || partSize < 1 || capacity < 1) {
    throw new RangeError(`A budget of ${budgetBytes} bytes holds no part of ${partSize} bytes`);
  }
  const free: Buffer[] = [];
  const counted = new Set<Buffer>();
  const waiters: Array<(buffer: Buffer) => void> = [];
  let setAside = 0;
  let peak = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  function handOut(): Buffer {
    // Not the shared slab of Buffer.allocUnsafe: each part is a block of its own to free.
    const buffer = free.pop() ?? Buffer.allocUnsafeSlow(partSize);
    counted.add(buffer);
    peak = Math.max(peak, counted.size);
    clearTimeout(idleTimer);
    idleTimer = undefined;
    return buffer;
  }

  /** One place in the budget has come free: the first waiter takes it. */
  function vacated(): void {
    const next = waiters.shift();
    if (next) return next(handOut());
    if (counted.size > 0 || free.length === 0) return;
    idleTimer = setTimeout(() => free.splice(0), idleReleaseMs);
    idleTimer.unref();
  }

  /** Whether `buffer` counted against the budget; one set aside is forgotten instead. */
  function uncount(buffer: Buffer): boolean {
    if (counted.delete(buffer)) return true;
    setAside -= 1;
    return false;
  }

  return {
    partSize,

    take() {
      if (counted.size < capacity) return Promise.resolve(handOut());
      return new Promise((resolve) => waiters.push(resolve));
    },

    async filling(buffer, work) {
      const slow = setTimeout(() => {
        if (!counted.delete(buffer)) return;
        setAside += 1;
        vacated();
      }, setAsideAfterMs);
      try {
        return await work();
      } finally {
        clearTimeout(slow);
      }
    },

    give(buffer) {
      if (!uncount(buffer)) return;
      free.push(buffer);
      vacated();
    },

    drop(buffer) {
      if (uncount(buffer)) vacated();
    },

    usage: () => ({
      inUseBytes: counted.size * partSize,
      peakInUseBytes: peak * partSize,
      setAsideBytes: setAside * partSize,
      heldBytes: (counted.size + setAside + free.length) * partSize,
      waiting: waiters.length,
    }),
  };
}
