import { AppError } from '../../../http/app-error.js';

/** Most elements a note may have: a long formatted note has a few thousand. */
export const maxNoteElements = 20_000;
/** Deepest nesting a note may have: Quill's deepest list is about ten levels. */
export const maxNoteDepth = 100;

const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

const tagPattern = /<(\/?)([a-zA-Z][^\s/>]*)/g;

/**
 * Bounds the work a note can cause before any parser sees it, in one linear pass over its
 * tags: at most `maxNoteElements` start tags, and at most `maxNoteDepth` open at once.
 * The count errs on the strict side (tags inside comments count, an unclosed `<p>` stays
 * open); an end tag closes only a tag it matches, as the HTML parser's does, so stray end
 * tags cannot hide nesting.
 */
export function assertNoteShape(html: string): void {
  const open: string[] = [];
  let elements = 0;
  for (const match of html.matchAll(tagPattern)) {
    const name = match[2]!.toLowerCase();
    if (match[1] === '/') {
      const at = open.lastIndexOf(name);
      if (at !== -1) open.length = at;
      continue;
    }
    if (++elements > maxNoteElements) throw tooManyElements();
    if (voidElements.has(name)) continue;
    open.push(name);
    if (open.length > maxNoteDepth) throw tooDeep();
  }
}

export function tooManyElements(): AppError {
  return AppError.validation(
    'content',
    `The note has too much formatting: at most ${maxNoteElements.toLocaleString('en-US')} elements`,
  );
}

export function tooDeep(): AppError {
  return AppError.validation(
    'content',
    `The note is nested too deeply: at most ${maxNoteDepth} levels`,
  );
}
