import { describe, expect, it } from 'vitest';
import { sanitizeNoteHtml } from './sanitize-note';

describe('sanitizeNoteHtml', () => {
  it('keeps the notepad formats', () => {
    const html =
      '<h1>T</h1><h2>S</h2><h3>s</h3><p><strong>b</strong><em>i</em><u>u</u><s>x</s></p>' +
      '<ol><li>1</li></ol><ul><li>•</li></ul><blockquote>q</blockquote><pre>code</pre>';
    expect(sanitizeNoteHtml(html)).toBe(html);
  });

  it('removes scripts, handlers, images and styles', () => {
    const out = sanitizeNoteHtml(
      '<p onclick="x()" style="color:red">a</p><script>alert(1)</script><img src=x onerror=alert(1)><iframe></iframe>',
    );
    expect(out).toBe('<p>a</p>');
  });

  it('opens safe links in a new tab without an opener', () => {
    const out = sanitizeNoteHtml('<a href="https://example.com">x</a>');
    expect(out).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it.each(['mailto:a@b.c', 'tel:+123', 'http://example.com'])('keeps %s links', (href) => {
    expect(sanitizeNoteHtml(`<a href="${href}">x</a>`)).toContain(`href="${href}"`);
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'sms:123', 'vbscript:x'])(
    'drops %s links but keeps their text',
    (href) => {
      const out = sanitizeNoteHtml(`<a href="${href}" target="_self">x</a>`);
      expect(out).toBe('<a>x</a>');
    },
  );
});
