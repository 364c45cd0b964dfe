export interface LimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (0 when allowed and nothing is pending). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters per key. `hit` counts one event; `peek` only asks whether the key
 * is already over its limit (used to refuse lookups once a client has missed too often).
 */
export interface Limiter {
  readonly kind: 'memory' | 'redis';
  hit(key: string, limit: number, windowSeconds: number): Promise<LimitResult>;
  peek(key: string, limit: number, windowSeconds: number): Promise<LimitResult>;
  close(): Promise<void>;
}
