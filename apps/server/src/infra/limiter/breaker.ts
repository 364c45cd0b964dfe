/**
 * A circuit breaker for a dependency we can live without: after a failure, calls skip it
 * for `openMs` and take the fallback at once; the first call after that tries it again.
 * `onChange` hears each transition once (down, then up), not every failed call.
 */
export function createBreaker(options: {
  openMs: number;
  onChange(state: 'down' | 'up', error?: Error): void;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  let down = false;
  let retryAt = 0;
  return {
    async run<T>(call: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
      if (down && now() < retryAt) return fallback();
      try {
        const result = await call();
        if (down) {
          down = false;
          options.onChange('up');
        }
        return result;
      } catch (error) {
        retryAt = now() + options.openMs;
        if (!down) {
          down = true;
          options.onChange('down', error as Error);
        }
        return fallback();
      }
    },
    get isDown() {
      return down;
    },
  };
}
