import { notePurifyConfig } from '@codedrop/contract';
import DOMPurify from 'dompurify';

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | null = null;

/**
 * A private instance, so the link hook applies to notes only. Made on first use: importing
 * this module must work where there is no window (the build's prerender runs in Node).
 */
function notePurifier(): Purifier {
  if (purifier !== null) return purifier;
  purifier = DOMPurify(window);
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
  return purifier;
}

/**
 * Note HTML reduced to the formats of docs/product.md#notepad and safe link schemes (the contract's
 * allow-list), with every link opening in a new tab without access to this page.
 */
export function sanitizeNoteHtml(html: string): string {
  return notePurifier().sanitize(html, notePurifyConfig);
}
