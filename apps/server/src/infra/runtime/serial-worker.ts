import type { Worker } from 'node:worker_threads';
import { spawnWorker } from './worker-thread.js';

export interface SerialWorkerOptions {
  /** The worker's module, as spawnWorker takes it. */
  file: URL;
  workerData?: unknown;
  /** Jobs waiting their turn; past this, `run` throws `busy`'s error. */
  maxWaiting: number;
  /** The error a job gets when too many wait (or the worker is closed), given the wait. */
  busy(expectedWaitMs: number): Error;
  /** A job still running after this long is ended with `overdue`'s error, its worker replaced. */
  deadlineMs?: number;
  overdue?(): Error;
}

export interface SerialWorker<Job, Result> {
  /** The worker's answer to `job`; rejects if the worker fails, dies or is closed. */
  run(job: Job): Promise<Result>;
  close(): Promise<void>;
}

interface Pending<Job, Result> {
  message: Job & { id: number };
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * One job at a time on a worker thread of its own, with a bounded queue: work that would
 * hold up the thread serving requests (or libuv's shared pool) runs beside it, and a burst
 * is refused rather than queued without end. A worker that dies fails its job, and the
 * next job gets a fresh worker. Each message carries an id so a late answer from a worker
 * that was replaced is never taken for the current job's.
 */
export function createSerialWorker<Job extends object, Result extends { id: number }>(
  options: SerialWorkerOptions,
): SerialWorker<Job, Result> {
  const name = options.file.pathname.split('/').pop()!.replace(/\.js$/, '');
  const queue: Pending<Job, Result>[] = [];
  let worker: Worker | null = null;
  let running: { pending: Pending<Job, Result>; started: number; timer?: NodeJS.Timeout } | null =
    null;
  // How long the last job took: the basis of the wait a refused job is told.
  let lastRunMs = 1_000;
  let nextId = 1;
  let closed = false;

  function finish(): Pending<Job, Result> | null {
    if (running === null) return null;
    const { pending, timer } = running;
    clearTimeout(timer);
    running = null;
    return pending;
  }

  function startWorker(): Worker {
    const started = spawnWorker(options.file, { workerData: options.workerData });
    started.unref();
    started.on('message', (result: Result) => {
      if (running === null || running.pending.message.id !== result.id) return;
      lastRunMs = performance.now() - running.started;
      finish()?.resolve(result);
      runNext();
    });
    started.on('error', (error) => abandon(started, error));
    started.on('exit', (code) => abandon(started, new Error(`${name} exited (${code})`)));
    return started;
  }

  function abandon(dead: Worker, error: unknown) {
    if (worker !== dead) return;
    worker = null;
    finish()?.reject(error);
    runNext();
  }

  function runNext() {
    if (running !== null || closed) return;
    const pending = queue.shift();
    if (pending === undefined) return;
    worker ??= startWorker();
    const current = worker;
    running = { pending, started: performance.now() };
    if (options.deadlineMs !== undefined) {
      running.timer = setTimeout(() => {
        if (running?.pending !== pending) return;
        finish();
        worker = null;
        void current.terminate();
        pending.reject(options.overdue?.() ?? new Error(`${name} overran its deadline`));
        runNext();
      }, options.deadlineMs);
    }
    current.postMessage(pending.message);
  }

  return {
    async run(job) {
      if (closed || queue.length >= options.maxWaiting) {
        throw options.busy((queue.length + 1) * lastRunMs);
      }
      return new Promise<Result>((resolve, reject) => {
        queue.push({ message: { ...job, id: nextId++ }, resolve, reject });
        runNext();
      });
    },
    async close() {
      closed = true;
      const error = new Error(`${name} closed`);
      for (const pending of queue.splice(0)) pending.reject(error);
      const stopping = worker;
      worker = null;
      finish()?.reject(error);
      await stopping?.terminate();
    },
  };
}
