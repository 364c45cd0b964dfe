import { describe, expect, test } from 'vitest';
import { decodeEntities, noteToText } from '../src/note-text.js';

describe('noteToText', () => {
  test.each([
    ['paragraphs are lines', '<p>one</p><p>two</p>', 'one\ntwo\n'],
    ['an empty paragraph is one blank line', '<p>a</p><p><br></p><p>b</p>', 'a\n\nb\n'],
    [
      'headings and inline marks',
      '<h2>Title</h2><p><strong>bold</strong> and <em>it</em></p>',
      'Title\nbold and it\n',
    ],
    [
      'list items',
      '<ol><li data-list="bullet">x</li><li data-list="ordered">y</li></ol>',
      '- x\n- y\n',
    ],
    ['nested lists are indented', '<ul><li>a<ul><li>b</li></ul></li></ul>', '- a\n  - b\n'],
    [
      'a link keeps its address',
      '<p><a href="https://x.test/?a=1&amp;b=2">docs</a></p>',
      'docs (https://x.test/?a=1&b=2)\n',
    ],
    [
      'a bare link is its address once',
      '<p><a href="https://x.test">https://x.test</a></p>',
      'https://x.test\n',
    ],
    [
      'entities are decoded',
      '<p>&lt;b&gt; &amp; &quot;q&quot; &#39;s&#x27; &#128640;&nbsp;!</p>',
      '<b> & "q" \'s\' 🚀\u00a0!\n',
    ],
    [
      'source whitespace collapses',
      '<p>\n  many   spaces\n</p>\n<p>next</p>',
      'many spaces\nnext\n',
    ],
    ['pre keeps its lines', '<pre>  a\n    b</pre>', '  a\n    b\n'],
    ['line breaks', '<p>a<br>b</p>', 'a\nb\n'],
    ['a blockquote', '<blockquote>quoted</blockquote><p>after</p>', 'quoted\nafter\n'],
  ])('%s', (_, html, text) => {
    expect(noteToText(html)).toBe(text);
  });

  test('unknown entities stay as they are', () => {
    expect(decodeEntities('&bogus; &#0; &amp')).toBe('&bogus; &#0; &amp');
  });
});
