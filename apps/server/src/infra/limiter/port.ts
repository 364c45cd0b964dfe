export interface LimitResult {
  allowed: boolean;
  /** Seconds until enough of the window has passed to try again (≥ 1 when refused). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters per key, counted first and atomically: `consume` takes `points`
 * from the key's budget of `limit` per `windowSeconds` and says whether that fitted, so no
 * burst can slip between a check and a count. `refund` gives points back (a lookup that
 * turned out to be a hit was no miss).
 */
export interface Limiter {
  readonly kind: 'memory' | 'redis';
  consume(key: string, limit: number, windowSeconds: number, points?: number): Promise<LimitResult>;
  refund(key: string, limit: number, windowSeconds: number, points?: number): Promise<void>;
  /** Resolves once the store can be used, or after a short wait if it cannot yet. */
  ready?(): Promise<void>;
  close(): Promise<void>;
}
