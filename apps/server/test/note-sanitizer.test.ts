import { notePurifyConfig } from '@codedrop/contract';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/http/app-error.js';
import { sanitizeNote } from '../src/modules/shares/notes/note-sanitizer.js';

const payloads = [
  '<script>alert(1)</script>x',
  '<img src=x onerror=alert(1)>x',
  '<svg><script>alert(1)</script></svg>x',
  '<svg onload=alert(1)></svg>x',
  '<math><mi><mglyph><style><img src=x onerror=alert(1)></style></mglyph></mi></math>x',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="https://ok.example/" onclick="alert(1)" target="_self">ok</a>',
  '<a href="https://ok.example/--></style>">x</a>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<iframe src="javascript:alert(1)"></iframe>x',
  '<object data="javascript:alert(1)"></object>x',
  '<embed src="javascript:alert(1)">x',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>x',
  '<details open ontoggle=alert(1)>x',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">x</p></noscript>',
  '<template><script>alert(1)</script></template>x',
  '<textarea><script>alert(1)</script></textarea>x',
  '<title><img src=x onerror=alert(1)></title>x',
  '<style>*{color:red}</style>x',
  '<xmp><img src=x onerror=alert(1)></xmp>x',
  '<!--<img src=x onerror=alert(1)>-->x',
  '<p id="x" name="y" class="z">x</p>',
  '<base href="javascript:alert(1)//">x',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">x',
  '<link rel="stylesheet" href="javascript:alert(1)">x',
  '<table><td background="javascript:alert(1)">x</td></table>',
  '<b><i>mis</b>nested</i>',
  '<p data-list="bullet" data-x="y" aria-label="ok">x</p>',
  '<ol><li data-list="bullet">x</li></ol>',
  '<a href="mailto:a@b.c">m</a><a href="tel:+1">t</a><a href="HTTPS://X.Y">h</a>',
  '<h1>T</h1><h2>t</h2><h3>t</h3><strong>b</strong><em>i</em><u>u</u><s>s</s>',
  '<blockquote>q</blockquote><pre><code>c &lt;b&gt;</code></pre><span>s</span>',
  '<p>&nbsp;x&amp;y &lt;script&gt;</p>',
  '<a>no href</a><a target="_blank" rel="opener">no href</a>',
  '<select><option>x</option></select>y',
  '<video><source onerror=alert(1)></video>x',
  '<div onmouseover=alert(1)>x</div>',
  '<p><br></p><p>text</p>',
];

describe('note sanitizer', () => {
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    if (node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    }
  });

  it.each(payloads)('keeps nothing DOMPurify would remove: %s', (payload) => {
    const clean = sanitizeNote(payload, 1_000_000);
    // What the browser's DOMPurify (the same allow-list) does to it changes nothing.
    expect(purify.sanitize(clean, notePurifyConfig)).toBe(clean);
    expect(clean).not.toMatch(/<(script|img|svg|math|iframe|style|object|embed|form|input)\b/i);
    expect(clean).not.toMatch(/\son\w+=/i);
    expect(clean).not.toMatch(/javascript:|vbscript:|data:/i);
  });

  it('keeps the formats and safe links a note is made of', () => {
    const clean = sanitizeNote(
      '<h1>T</h1><p><strong>b</strong> <a href="https://x.example/">l</a></p><ol><li>o</li></ol>',
      1_000,
    );
    expect(clean).toBe(
      '<h1>T</h1><p><strong>b</strong> <a href="https://x.example/" target="_blank" rel="noopener noreferrer">l</a></p><ol><li>o</li></ol>',
    );
  });

  function refusal(html: string): string {
    try {
      sanitizeNote(html, 10_000_000);
    } catch (error) {
      if (error instanceof AppError) return error.detail;
      throw error;
    }
    return 'accepted';
  }

  it('refuses nesting deeper than 100 levels before parsing', () => {
    expect(refusal('<b>'.repeat(100) + 'x')).toBe('accepted');
    expect(refusal('<b>'.repeat(101) + 'x')).toBe(
      'The note is nested too deeply: at most 100 levels',
    );
    // Stray end tags close nothing, as in the HTML parser, so they cannot hide depth.
    expect(refusal('<b></i>'.repeat(16_000) + 'x')).toMatch(/nested too deeply/);
    expect(refusal('<b>'.repeat(16_000) + 'x')).toMatch(/nested too deeply/);
  });

  it('refuses more than 20 000 elements before parsing', () => {
    expect(refusal('<p>x</p>'.repeat(20_000))).toBe('accepted');
    expect(refusal('<p>x</p>'.repeat(20_001))).toBe(
      'The note has too much formatting: at most 20,000 elements',
    );
    expect(refusal('<p>x</p>'.repeat(350_000))).toMatch(/too much formatting/);
  });
});
