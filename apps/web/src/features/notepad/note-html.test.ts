import { describe, expect, it } from 'vitest';
import { breakableSpaces } from './note-html';

describe('breakableSpaces', () => {
  it('turns single hard spaces into ordinary ones', () => {
    expect(breakableSpaces('<p>one&nbsp;two&nbsp;three</p>')).toBe('<p>one two three</p>');
  });

  it('keeps the width of runs of spaces', () => {
    expect(breakableSpaces('<pre>a&nbsp;&nbsp;&nbsp;b</pre>')).toBe('<pre>a &nbsp;&nbsp;b</pre>');
  });

  it('leaves other entities alone', () => {
    expect(breakableSpaces('<p>&lt;b&gt; &amp;</p>')).toBe('<p>&lt;b&gt; &amp;</p>');
  });
});
