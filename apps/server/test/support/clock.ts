import type { Clock } from '../../src/domain/clock.js';

/** A clock tests move by hand, to walk shares through expiry without waiting. */
export class TestClock implements Clock {
  #ms: number;

  constructor(start = Date.now()) {
    this.#ms = start;
  }

  now(): Date {
    return new Date(this.#ms);
  }

  advance(seconds: number): void {
    this.#ms += seconds * 1000;
  }
}
