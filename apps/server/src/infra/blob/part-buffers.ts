/**
 * The multipart part buffers of every S3 upload in the process, classic and resumable, taken
 * from one budget of bytes. Parts differ in size (a classic put's parts, a resumable upload's
 * UPLOAD_CHUNK_BYTES), so a buffer is asked for by size. An upload waits for a buffer rather
 * than allocating one, and does not read its request while it waits: TCP holds the rest of
 * the body back, so memory stays bounded however many uploads run at once. Waiters are
 * served in order, so a large part is never passed over for ever by smaller ones.
 *
 * A buffer whose body is slow to fill it is set aside after `setAsideAfterMs`: it stays
 * with its upload but its place in the budget goes to the next one, so a few slow or
 * stalled clients cannot hold every other upload back. Memory is then bounded by the
 * budget plus one part per such client, which is what the time limit trades for it.
 *
 * Buffers are reused while uploads keep coming (filling one in place keeps the allocator
 * from scattering fresh part-sized blocks), and let go once none is in use for
 * `idleReleaseMs`, for the GC to hand back. Buffers kept for reuse count against the budget
 * too: a fresh buffer of another size first lets enough of them go.
 */
export interface PartBuffers {
  readonly budgetBytes: number;
  /**
   * Resolves with a buffer of `size` bytes once the budget has room for it; rejects with a
   * RangeError when the whole budget could never hold it.
   */
  take(size: number): Promise<Buffer>;
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
  /** Bytes all buffers may take together. */
  budgetBytes: number;
  setAsideAfterMs?: number;
  idleReleaseMs?: number;
}

interface Waiter {
  size: number;
  resolve: (buffer: Buffer) => void;
}

export function createPartBuffers(options: PartBufferOptions): PartBuffers {
  const { budgetBytes, setAsideAfterMs = 5_000, idleReleaseMs = 10_000 } = options;
  if (!Number.isSafeInteger(budgetBytes) || budgetBytes < 1) {
    throw new RangeError(`A part buffer budget of ${budgetBytes} bytes holds nothing`);
  }
  /** Buffers kept for reuse, by size. */
  const free = new Map<number, Buffer[]>();
  let freeBytes = 0;
  const counted = new Set<Buffer>();
  let inUse = 0;
  const waiters: Waiter[] = [];
  let setAside = 0;
  let peak = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  function reuse(size: number): Buffer | undefined {
    const buffer = free.get(size)?.pop();
    if (buffer !== undefined) freeBytes -= size;
    return buffer;
  }

  /** Lets kept buffers go until `size` more bytes fit beside them and those in use. */
  function makeRoom(size: number): void {
    for (const [length, buffers] of free) {
      while (buffers.length > 0 && inUse + freeBytes + size > budgetBytes) {
        buffers.pop();
        freeBytes -= length;
      }
      if (buffers.length === 0) free.delete(length);
    }
  }

  function handOut(size: number): Buffer {
    let buffer = reuse(size);
    if (buffer === undefined) {
      makeRoom(size);
      // Not the shared slab of Buffer.allocUnsafe: each part is a block of its own to free.
      buffer = Buffer.allocUnsafeSlow(size);
    }
    counted.add(buffer);
    inUse += size;
    peak = Math.max(peak, inUse);
    clearTimeout(idleTimer);
    idleTimer = undefined;
    return buffer;
  }

  /** Room has come free in the budget: the waiters at the head that fit now take it. */
  function vacated(): void {
    while (waiters.length > 0 && inUse + waiters[0]!.size <= budgetBytes) {
      const next = waiters.shift()!;
      next.resolve(handOut(next.size));
    }
    if (inUse > 0 || freeBytes === 0 || idleTimer !== undefined) return;
    idleTimer = setTimeout(() => {
      free.clear();
      freeBytes = 0;
      idleTimer = undefined;
    }, idleReleaseMs);
    idleTimer.unref();
  }

  /** Whether `buffer` counted against the budget; one set aside is forgotten instead. */
  function uncount(buffer: Buffer): boolean {
    if (counted.delete(buffer)) {
      inUse -= buffer.length;
      return true;
    }
    setAside -= buffer.length;
    return false;
  }

  return {
    budgetBytes,

    take(size) {
      if (!Number.isSafeInteger(size) || size < 1 || size > budgetBytes) {
        return Promise.reject(
          new RangeError(`A budget of ${budgetBytes} bytes holds no part of ${size} bytes`),
        );
      }
      if (waiters.length === 0 && inUse + size <= budgetBytes) {
        return Promise.resolve(handOut(size));
      }
      return new Promise((resolve) => waiters.push({ size, resolve }));
    },

    async filling(buffer, work) {
      const slow = setTimeout(() => {
        if (!counted.delete(buffer)) return;
        inUse -= buffer.length;
        setAside += buffer.length;
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
      const kept = free.get(buffer.length);
      if (kept) kept.push(buffer);
      else free.set(buffer.length, [buffer]);
      freeBytes += buffer.length;
      vacated();
    },

    drop(buffer) {
      if (uncount(buffer)) vacated();
    },

    usage: () => ({
      inUseBytes: inUse,
      peakInUseBytes: peak,
      setAsideBytes: setAside,
      heldBytes: inUse + setAside + freeBytes,
      waiting: waiters.length,
    }),
  };
}
