import { describe, expect, it } from 'vitest';
import { pseudoMessages, pseudoText } from './pseudo-locale';

describe('the pseudo-locale', () => {
  it('accents every letter and is about 40 % longer', () => {
    const english = 'Share text with a short code.';
    const pseudo = pseudoText(english);
    expect(pseudo).not.toMatch(/[a-z]/i);
    expect(pseudo.length / english.length).toBeGreaterThanOrEqual(1.25);
    expect(pseudo.length / english.length).toBeLessThanOrEqual(1.6);
  });

  it('keeps placeholders, element tags and plural marks working', () => {
    const messages = pseudoMessages({
      a: ['Read ', ['name'], ' <0>now</0>'],
      b: [['count', 'plural', { one: ['#', ' file'], other: ['#', ' files'] }]],
    });
    expect(messages.a).toEqual([pseudoText('Read '), ['name'], pseudoText(' <0>now</0>')]);
    expect(pseudoText(' <0>now</0>')).toBe(' <0>ñööŵ</0>');
    expect(messages.b).toEqual([
      ['count', 'plural', { one: ['#', pseudoText(' file')], other: ['#', pseudoText(' files')] }],
    ]);
    expect(pseudoText('# files')).toMatch(/^# /);
  });
});
