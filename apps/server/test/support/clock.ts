import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Clock } from '../../src/domain/clock.js';

/** A clock tests move by hand, to walk shares through expiry without waiting. */
export class TestClock implements Clock {
  #ms: number;
  #file: string | null = null;

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
   * read with `fileClock` (the contract suites' process runs, support/app.ts).
   */
  shareThrough(file: string): void {
    this.#file = file;
    this.#publish();
  }

  #publish(): void {
    if (this.#file === null) return;
    // Written aside and renamed over: a reader never sees a half-written file.
    writeFileSync(`${this.#file}.next`, String(this.#ms));
    renameSync(`${this.#file}.next`, this.#file);
  }
}

/** The time a TestClock in another process keeps in `file` (see `shareThrough`). */
export function fileClock(file: string): Clock {
  return { now: () => new Date(Number(readFileSync(file, 'utf8'))) };
}
