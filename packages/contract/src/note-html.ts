/**
 * The one allow-list for note HTML (docs/product.md#notepad), applied by DOMPurify on the
 * server before storing and in the browser before rendering.
 */
export const noteAllowedTags = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ol',
  'ul',
  'li',
  'blockquote',
  'pre',
  'code',
  'a',
  'span',
] as const;

export const noteAllowedAttributes = ['href', 'target', 'rel', 'data-list'] as const;

/** Links keep only these schemes; anything else loses its href. */
export const noteAllowedUriPattern = /^(?:https?:|mailto:|tel:)/i;

/** DOMPurify options shared by server and browser. */
export const notePurifyConfig = {
  ALLOWED_TAGS: [...noteAllowedTags],
  ALLOWED_ATTR: [...noteAllowedAttributes],
  ALLOWED_URI_REGEXP: noteAllowedUriPattern,
  ALLOW_DATA_ATTR: false,
  KEEP_CONTENT: true,
};
