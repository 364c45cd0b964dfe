import { Marked, type Token, type Tokens } from 'marked';
import { slugify, type ContentToken } from './markdown';

// Runs at build time (the Vite plugin in content-tokens-plugin.ts) and in tests, never in
// the browser: the pages get their Markdown lexed and rendered already.

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

function renderTokens(tokens: Token[]): string {
  return marked.parser(tokens);
}

export function lex(markdown: string): Token[] {
  return marked.lexer(markdown);
}

/** A page's Markdown as the browser receives it: top-level tokens, each with its HTML. */
export function contentTokens(markdown: string): ContentToken[] {
  return lex(markdown).map((token) =>
    token.type === 'heading'
      ? {
          type: 'heading',
          depth: (token as Tokens.Heading).depth,
          text: (token as Tokens.Heading).text,
          tokens: (token as Tokens.Heading).tokens,
          html: renderTokens([token]),
        }
      : { type: token.type, html: renderTokens([token]) },
  );
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
