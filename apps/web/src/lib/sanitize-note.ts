import { notePurifyConfig } from '@codedrop/contract';
import DOMPurify from 'dompurify';

// A private instance so the link hook below applies to notes only.
const purifier = DOMPurify(window);

purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    if (node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
  }
});

/**
 * Note HTML reduced to SPEC.md's formats and safe link schemes (the contract's allow-list),
 * with every link opening in a new tab without access to this page.
 */
export function sanitizeNoteHtml(html: string): string {
  return purifier.sanitize(html, notePurifyConfig);
}
