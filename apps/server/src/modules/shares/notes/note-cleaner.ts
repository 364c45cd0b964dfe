import { messages } from '@codedrop/contract';
import { AppError } from '../../../http/app-error.js';
import { sanitizeNote } from './note-sanitizer.js';
import type { NoteJob, NoteResult } from './note-worker.js';
import { createSerialWorker } from '../../../infra/runtime/serial-worker.js';

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

/**
 * Cleans notes without ever holding up the thread that serves requests: small notes
 * in place, large ones one at a time in a worker thread, each under a deadline. The
 * sanitizer is linear, so the deadline is a backstop, not the plan.
 */
export function createNoteCleaner(options: NoteCleanerOptions): NoteCleaner {
  const inlineBelow = options.inlineBelowChars ?? 32_768;
  const worker = createSerialWorker<Omit<NoteJob, 'id'>, NoteResult>({
    file: new URL('./note-worker.js', import.meta.url),
    maxWaiting: options.maxQueued ?? 32,
    busy: () => new AppError('SERVICE_UNAVAILABLE', messages.serviceBusy, { retryAfterSeconds: 1 }),
    deadlineMs: options.deadlineMs ?? 1_000,
    overdue: () =>
      AppError.validation('content', 'The note is too complex to process. Please simplify it.'),
  });
  return {
    async sanitize(html) {
      if (html.length < inlineBelow) return sanitizeNote(html, options.maxNoteChars);
      const result = await worker.run({ html, maxNoteChars: options.maxNoteChars });
      if ('clean' in result) return result.clean;
      if ('refused' in result) throw AppError.validation('content', result.refused);
      throw new Error(`note worker failed: ${result.failed}`);
    },
    close: () => worker.close(),
  };
}
