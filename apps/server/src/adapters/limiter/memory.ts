import type { Limiter, LimitResult } from './port.js';

interface Window {
  count: number;
  resetAt: number;
}

/** In-process limiter: right for one instance; several instances need the Redis one. */
export function createMemoryLimiter(now: () => number = Date.now): Limiter {
  const windows = new Map<string, Window>();
  let lastPrune = now();

  const current = (key: string, windowSeconds: number): Window => {
    const t = now();
    // Drop finished windows now and then so the map cannot grow without bound.
    if (t - lastPrune > 60_000) {
      for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
      lastPrune = t;
    }
    let window = windows.get(key);
    if (window === undefined || window.resetAt <= t) {
      window = { count: 0, resetAt: t + windowSeconds * 1000 };
      windows.set(key, window);
    }
    return window;
  };
  const result = (window: Window, limit: number): LimitResult => ({
    allowed: window.count <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now()) / 1000)),
  });

  return {
    kind: 'memory',
    async hit(key, limit, windowSeconds) {
      const window = current(key, windowSeconds);
      window.count++;
      return result(window, limit);
    },
    async peek(key, limit, windowSeconds) {
      const window = current(key, windowSeconds);
      return { ...result(window, limit), allowed: window.count < limit };
    },
    async close() {
      windows.clear();
    },
  };
}
