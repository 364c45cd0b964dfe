import { afterAll, describe, expect, it } from 'vitest';
import { createNoteCleaner } from '../src/modules/shares/notes/note-cleaner.js';
import { sanitizeNote } from '../src/modules/shares/notes/note-sanitizer.js';

// Timed: the cleaner gives a worker a deadline, so this runs apart from other suites
// (vitest.timing.config.ts), where no neighbour can make a normal note miss it.
describe('note sanitizer', () => {
  describe('in a worker thread', () => {
    const cleaner = createNoteCleaner({ maxNoteChars: 1_000_000, inlineBelowChars: 0 });
    afterAll(() => cleaner.close());

    it('cleans large notes off the main thread with the same result', async () => {
      const note = '<p onclick="x">a <a href="https://x.y/">b</a></p>'.repeat(2_000);
      expect(await cleaner.sanitize(note)).toBe(sanitizeNote(note, 1_000_000));
      await expect(cleaner.sanitize('<b>'.repeat(200))).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: 'The note is nested too deeply: at most 100 levels',
      });
      await expect(cleaner.sanitize('<p>ok</p>')).resolves.toBe('<p>ok</p>');
    });

    it('refuses a note still running at its deadline, and goes on with a fresh worker', async () => {
      const hurried = createNoteCleaner({
        maxNoteChars: 1_000_000,
        inlineBelowChars: 0,
        deadlineMs: 1,
      });
      try {
        const note = '<p>x</p>'.repeat(20_000);
        await expect(hurried.sanitize(note)).rejects.toMatchObject({
          code: 'VALIDATION_FAILED',
          detail: 'The note is too complex to process. Please simplify it.',
        });
      } finally {
        await hurried.close();
      }
      await expect(cleaner.sanitize('<p>again</p>')).resolves.toBe('<p>again</p>');
    });

    it('runs one note at a time, queues a bounded few and refuses the rest with 503', async () => {
      const small = createNoteCleaner({
        maxNoteChars: 1_000_000,
        inlineBelowChars: 0,
        maxQueued: 1,
      });
      try {
        const note = '<p>x</p>'.repeat(2_000);
        const running = small.sanitize(note);
        const queued = small.sanitize(note);
        await expect(small.sanitize(note)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        await expect(running).resolves.toBe(note);
        await expect(queued).resolves.toBe(note);
        const cut = expect(small.sanitize(note)).rejects.toThrow('note-worker closed');
        await small.close();
        await cut;
        await expect(small.sanitize(note)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      } finally {
        await small.close();
      }
    });
  });
});
