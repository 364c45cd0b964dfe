import type { Tokens } from 'marked';

/**
 * A top-level token of a content page's Markdown, lexed at build time with its HTML
 * (markdown-build.ts, through the Vite plugin in content-tokens-plugin.ts): the browser
 * lays pages out from these and never runs a Markdown parser. Headings keep their text and
 * inline tokens; other blocks only their type and HTML.
 */
export type ContentToken =
  | (Pick<Tokens.Heading, 'type' | 'depth' | 'text' | 'tokens'> & { html: string })
  | { type: string; html: string };

export type ContentHeading = Extract<ContentToken, { depth: number }>;

/** Heading anchors: "Who is it for?" → "who-is-it-for". */
export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/<[^>]*>/g, '')
      .replace(/&[a-z#0-9]+;/g, '')
      // Letters and digits of any script, so that a translated heading keeps an anchor.
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
  );
}

/** The HTML of `tokens`, in their order. */
export function renderTokens(tokens: readonly ContentToken[]): string {
  return tokens.map((token) => token.html).join('');
}

export interface Section {
  heading: ContentHeading;
  /** Everything up to the next heading of the same or a higher level. */
  body: ContentToken[];
}

/**
 * Splits tokens at headings of `depth`: what comes before the first one, and one section
 * per heading. The FAQ (## category, ### question) and /home use this to lay out parts.
 */
export function splitAt(
  tokens: readonly ContentToken[],
  depth: number,
): { intro: ContentToken[]; sections: Section[] } {
  const intro: ContentToken[] = [];
  const sections: Section[] = [];
  for (const token of tokens) {
    if (isHeading(token) && token.depth === depth) {
      sections.push({ heading: token, body: [] });
    } else if (sections.length > 0) {
      sections[sections.length - 1]!.body.push(token);
    } else {
      intro.push(token);
    }
  }
  return { intro, sections };
}

/** The first link inside a heading (tool cards on /home link their heading). */
export function headingLink(heading: ContentHeading): string | undefined {
  const link = heading.tokens.find((token): token is Tokens.Link => token.type === 'link');
  return link?.href;
}

export function isHeading(token: ContentToken): token is ContentHeading {
  return token.type === 'heading';
}
