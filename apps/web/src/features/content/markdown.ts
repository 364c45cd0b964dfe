import { Marked, type Token, type Tokens } from 'marked';

/** Heading anchors: "Who is it for?" → "who-is-it-for". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z#0-9]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    // Anchors let the FAQ, guides and legal pages be linked to a section.
    heading({ tokens, depth, text }: Tokens.Heading) {
      return `<h${depth} id="${slugify(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
    // Wide tables scroll inside their own box instead of widening the page on phones.
    table(token: Tokens.Table) {
      const header = token.header.map((cell) => this.tablecell(cell)).join('');
      const rows = token.rows
        .map((row) => `<tr>${row.map((cell) => this.tablecell(cell)).join('')}</tr>`)
        .join('\n');
      return `<div class="table-scroll" role="region" aria-label="Table" tabindex="0"><table><thead><tr>${header}</tr></thead><tbody>${rows}</tbody></table></div>\n`;
    },
  },
});

/** Markdown (our own files, not user input) to HTML. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown) as string;
}

export function renderTokens(tokens: Token[]): string {
  return marked.parser(tokens);
}

export function lex(markdown: string): Token[] {
  return marked.lexer(markdown);
}

export interface Section {
  heading: Tokens.Heading;
  /** Everything up to the next heading of the same or a higher level. */
  body: Token[];
}

/**
 * Splits tokens at headings of `depth`: what comes before the first one, and one section
 * per heading. The FAQ (## category, ### question) and /home use this to lay out parts.
 */
export function splitAt(tokens: Token[], depth: number): { intro: Token[]; sections: Section[] } {
  const intro: Token[] = [];
  const sections: Section[] = [];
  for (const token of tokens) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === depth) {
      sections.push({ heading: token as Tokens.Heading, body: [] });
    } else if (sections.length > 0) {
      sections[sections.length - 1]!.body.push(token);
    } else {
      intro.push(token);
    }
  }
  return { intro, sections };
}

/** The first link inside a heading (tool cards on /home link their heading). */
export function headingLink(heading: Tokens.Heading): string | undefined {
  const link = heading.tokens.find((token): token is Tokens.Link => token.type === 'link');
  return link?.href;
}

/** Words of prose, for reading-time estimates. */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`|-]/g, ' ');
  return text.split(/\s+/).filter((word) => /\w/.test(word)).length;
}

/** "6 min read" at 200 words a minute. */
export function readingTime(markdown: string): string {
  return `${Math.max(1, Math.ceil(countWords(markdown) / 200))} min read`;
}
