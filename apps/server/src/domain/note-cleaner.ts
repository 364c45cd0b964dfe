import type { Worker } from 'node:worker_threads';
import { messages } from '@codedrop/contract';
import { AppError } from './app-error.js';
import { sanitizeNote } from './note-sanitizer.js';
import type { NoteJob, NoteResult } from './note-worker.js';
import { spawnWorker } from './worker-thread.js';

export interface NoteCleaner {
  /** Sanitized HTML of a note, or a validation error (empty, too long, too complex). */
  sanitize(html: string): Promise<string>;
  close(): Promise<void>;
}

export interface NoteCleanerOptions {
  maxNoteChars: number;
  /** Notes shorter than this are cleaned in place: a few milliseconds at most. */
  inlineBelowChars?: number;
  /** A note still being cleaned after this long is refused, and its worker replaced. */
  deadlineMs?: number;
  /** Notes waiting for the worker; past this, new ones are answered 503. */
  maxQueued?: number;
}

interface Pending {
  job: NoteJob;
  resolve(clean: string): void;
  reject(error: unknown): void;
}

/**
 * Cleans notes without ever holding up the thread that serves requests: small notes
 * in place, large ones one at a time in a worker thread, each under a deadline. The
 * sanitizer is linear, so the deadline is a backstop, not the plan.
 */
export function createNoteCleaner(options: NoteCleanerOptions): NoteCleaner {
  const inlineBelow = options.inlineBelowChars ?? 32_768;
  const deadlineMs = options.deadlineMs ?? 1_000;
  const maxQueued = options.maxQueued ?? 32;
  const queue: Pending[] = [];
  let worker: Worker | null = null;
  let running: { pending: Pending; timer: NodeJS.Timeout } | null = null;
  let nextId = 1;
  let closed = false;

  function startWorker(): Worker {
    const started = spawnWorker('note-worker');
    started.unref();
    started.on('message', (result: NoteResult) => {
      if (running === null || running.pending.job.id !== result.id) return;
      const { pending, timer } = running;
      clearTimeout(timer);
      running = null;
      if ('clean' in result) pending.resolve(result.clean);
      else if ('refused' in result) pending.reject(AppError.validation('content', result.refused));
      else pending.reject(new Error(`note worker failed: ${result.failed}`));
      runNext();
    });
    // A worker that dies (out of memory, a crash) fails its note, and the next one gets a
    // fresh worker.
    started.on('error', (error) => abandon(started, error));
    started.on('exit', (code) => abandon(started, new Error(`note worker exited (${code})`)));
    return started;
  }

  function abandon(dead: Worker, error: unknown) {
    if (worker !== dead) return;
    worker = null;
    if (running !== null) {
      clearTimeout(running.timer);
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
    const current = worker;
    const timer = setTimeout(() => {
      if (running?.pending !== pending) return;
      running = null;
      worker = null;
      void current.terminate();
      pending.reject(
        AppError.validation('content', 'The note is too complex to process. Please simplify it.'),
      );
      runNext();
    }, deadlineMs);
    running = { pending, timer };
    current.postMessage(pending.job);
  }

  return {
    async sanitize(html) {
      if (html.length < inlineBelow) return sanitizeNote(html, options.maxNoteChars);
      if (queue.length >= maxQueued || closed) {
        throw new AppError('SERVICE_UNAVAILABLE', messages.serviceBusy, { retryAfterSeconds: 1 });
      }
      return new Promise<string>((resolve, reject) => {
        queue.push({
          job: { id: nextId++, html, maxNoteChars: options.maxNoteChars },
          resolve,
          reject,
        });
        runNext();
      });
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('note cleaner closed'));
      if (running !== null) clearTimeout(running.timer);
      await worker?.terminate();
      worker = null;
    },
  };
}
