import { messages, notePurifyConfig } from '@codedrop/contract';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { AppError } from './app-error.js';
import { assertStorableText, codePointLength } from './text-rules.js';

export interface NoteSanitizer {
  /** Sanitized HTML of a note, or a validation error if it is empty or too long. */
  sanitize(html: string): string;
}

/**
 * Note HTML is cleaned on the server with the same DOMPurify allow-list the browser uses,
 * so a hand-crafted request cannot store script, styles or javascript: links.
 */
export function createNoteSanitizer(maxNoteChars: number): NoteSanitizer {
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  // Links open in a new tab without handing the opener or the referrer to the target.
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return {
    sanitize(html) {
      assertStorableText('content', html);
      const clean = purify.sanitize(html, notePurifyConfig);
      const template = window.document.createElement('template');
      template.innerHTML = clean;
      // Quill's empty editor is <p><br></p>: markup with no text is an empty note.
      if ((template.content.textContent ?? '').trim() === '')
        throw AppError.validation('content', messages.noteRequired);
      if (codePointLength(clean) > maxNoteChars) {
        throw AppError.validation(
          'content',
          `The note is too long: at most ${maxNoteChars.toLocaleString('en-US')} characters`,
        );
      }
      return clean;
    },
  };
}
