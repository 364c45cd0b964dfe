import { describe, expect, it } from 'vitest';
import { renderTokens, slugify, splitAt } from './markdown';
import { contentTokens, countWords, readingTime, renderMarkdown } from './markdown-build';

describe('markdown', () => {
  it('renders headings with anchors and wraps tables in a scrollable region', () => {
    const html = renderMarkdown('## Who is it *for*?\n\n| a | b |\n|---|---|\n| 1 | 2 |\n');
    expect(html).toContain('<h2 id="who-is-it-for">Who is it <em>for</em>?</h2>');
    expect(html).toMatch(
      /<div class="table-scroll" role="region" aria-label="Table" tabindex="0"><table>/,
    );
    expect(html).toContain('<td>2</td>');
  });

  it('slugifies headings into stable ids', () => {
    expect(slugify('What does the recovery email do?')).toBe('what-does-the-recovery-email-do');
    expect(slugify('Codes & Access')).toBe('codes-access');
  });

  it('splits at a heading level, keeping deeper headings inside sections', () => {
    const { intro, sections } = splitAt(
      contentTokens('Intro\n\n## A\n\n### A1\n\ntext\n\n## B\n'),
      2,
    );
    expect(intro.map((token) => token.type)).toEqual(['paragraph', 'space']);
    expect(sections.map((section) => section.heading.text)).toEqual(['A', 'B']);
    expect(sections[0]!.body.some((token) => token.type === 'heading')).toBe(true);
  });

  it('estimates reading time at 200 words a minute, ignoring markup', () => {
    expect(countWords('## Title\n\nOne [two](/x) *three*.\n\n```\ncode is not read\n```')).toBe(4);
    expect(readingTime('word '.repeat(200))).toBe('1 min read');
    expect(readingTime('word '.repeat(201))).toBe('2 min read');
  });
  it('hands the browser tokens whose HTML, put together, is the whole page', () => {
    const markdown =
      'Intro with [a link][ref].\n\n## Who is it *for*?\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[ref]: /faq\n';
    const tokens = contentTokens(markdown);
    expect(renderTokens(tokens)).toBe(renderMarkdown(markdown));
    expect(tokens.find((token) => token.type === 'heading')).toMatchObject({
      depth: 2,
      text: 'Who is it *for*?',
    });
    // Only headings keep more than their type and HTML.
    expect(
      tokens
        .filter((token) => token.type !== 'heading')
        .every((token) => Object.keys(token).length === 2),
    ).toBe(true);
  });
});
