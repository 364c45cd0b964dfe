import type { Worker } from 'node:worker_threads';
import { messages } from '@codedrop/contract';
import { AppError } from '../app-error.js';
import { spawnWorker } from '../worker-thread.js';
import type { PasswordHash } from './admin-password.js';
import type { PasswordJob, PasswordResult } from './password-worker.js';

export interface PasswordChecker {
  /**
   * Whether `password` is the console's. Throws SERVICE_UNAVAILABLE (with Retry-After)
   * when `maxWaiting` checks already wait their turn.
   */
  verify(password: string): Promise<boolean>;
  close(): Promise<void>;
}

interface Pending {
  job: PasswordJob;
  resolve(matches: boolean): void;
  reject(error: unknown): void;
}

/**
 * Checks console passwords one at a time, on a worker thread of its own. Node's own
 * `crypto.scrypt` runs on libuv's threadpool, where file reads and writes wait for a free
 * thread: a burst of sign-ins held up every download. Here at most one scrypt runs, on a
 * thread nothing else needs, and a bounded queue refuses the rest.
 */
export function createPasswordChecker(
  stored: PasswordHash,
  options: { maxWaiting?: number } = {},
): PasswordChecker {
  const maxWaiting = options.maxWaiting ?? 4;
  const queue: Pending[] = [];
  let worker: Worker | null = null;
  let running: { pending: Pending; started: number } | null = null;
  // How long the last check took: the basis of the Retry-After a refused attempt gets.
  let lastRunMs = 1_000;
  let nextId = 1;
  let closed = false;

  function startWorker(): Worker {
    const started = spawnWorker('moderation/password-worker', { workerData: stored });
    started.unref();
    started.on('message', (result: PasswordResult) => {
      if (running === null || running.pending.job.id !== result.id) return;
      const { pending } = running;
      lastRunMs = performance.now() - running.started;
      running = null;
      if ('matches' in result) pending.resolve(result.matches);
      else pending.reject(new Error(`password check failed: ${result.failed}`));
      runNext();
    });
    // A worker that dies fails the check it ran; the next check gets a fresh worker.
    started.on('error', (error) => abandon(started, error));
    started.on('exit', (code) => abandon(started, new Error(`password worker exited (${code})`)));
    return started;
  }

  function abandon(dead: Worker, error: unknown) {
    if (worker !== dead) return;
    worker = null;
    if (running !== null) {
      running.pending.reject(error);
      running = null;
    }
    runNext();
  }

  function runNext() {
    if (running !== null || closed) return;
    const pending = queue.shift();
    if (pending === undefined) return;
    worker ??= startWorker();
    running = { pending, started: performance.now() };
    worker.postMessage(pending.job);
  }

  return {
    async verify(password) {
      if (closed || queue.length >= maxWaiting) {
        const waitMs = (queue.length + 1) * lastRunMs;
        throw new AppError('SERVICE_UNAVAILABLE', messages.serviceBusy, {
          retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
        });
      }
      return new Promise<boolean>((resolve, reject) => {
        queue.push({ job: { id: nextId++, password }, resolve, reject });
        runNext();
      });
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('password checker closed'));
      const stopping = worker;
      worker = null;
      await stopping?.terminate();
      if (running !== null) {
        running.pending.reject(new Error('password checker closed'));
        running = null;
      }
    },
  };
}
