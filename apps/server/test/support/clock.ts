import { renameSync, writeFileSync } from 'node:fs';
import type { Clock } from '../../src/infra/runtime/clock.js';

/** A clock tests move by hand, to walk shares through expiry without waiting. */
export class TestClock implements Clock {
  #ms: number;
  readonly #files = new Set<string>();

  constructor(start = Date.now()) {
    this.#ms = start;
  }

  now(): Date {
    return new Date(this.#ms);
  }

  advance(seconds: number): void {
    this.#ms += seconds * 1000;
    this.#publish();
  }

  /**
   * Keeps `file` holding this clock's time from now on, for a server in another process to
   * read by support/contract-server.mjs (the contract suites' process runs); several
   * servers running at once each have their own file.
   */
  shareThrough(file: string): void {
    this.#files.add(file);
    this.#publish();
  }

  /** Stops writing `file` (its server has stopped). */
  stopSharing(file: string): void {
    this.#files.delete(file);
  }

  #publish(): void {
    for (const file of this.#files) {
      // Written aside and renamed over: a reader never sees a half-written file.
      writeFileSync(`${file}.next`, String(this.#ms));
      renameSync(`${file}.next`, file);
    }
  }
}
