import { parentPort } from 'node:worker_threads';
import { AppError } from '../../../http/app-error.js';
import { sanitizeNote } from './note-sanitizer.js';

export interface NoteJob {
  id: number;
  html: string;
  maxNoteChars: number;
}

export type NoteResult =
  { id: number; clean: string } | { id: number; refused: string } | { id: number; failed: string };

// Runs in a worker thread: a large note is cleaned here, off the thread that serves requests.
parentPort?.on('message', ({ id, html, maxNoteChars }: NoteJob) => {
  let result: NoteResult;
  try {
    result = { id, clean: sanitizeNote(html, maxNoteChars) };
  } catch (error) {
    result =
      error instanceof AppError ? { id, refused: error.detail } : { id, failed: String(error) };
  }
  parentPort!.postMessage(result);
});
