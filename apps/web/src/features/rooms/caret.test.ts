import { describe, expect, it } from 'vitest';
import { caretAfter } from './caret';

describe('caretAfter', () => {
  it.each([
    ['a change after the caret leaves it', 'hello world', 'hello world!', 5, 5],
    ['a change before the caret moves it by as much', 'hello world', 'oh, hello world', 8, 12],
    ['text cut before the caret moves it back', 'hello world', 'world', 11, 5],
    ['a caret inside the changed part goes to its end', 'one two three', 'one 2 three', 5, 5],
    ['a caret at the start stays there', 'abc', 'xyz', 0, 0],
    ['everything replaced: the end of the new text', 'abc', 'wxyz', 2, 4],
    ['an emptied text: at 0', 'abc', '', 3, 0],
    ['the same text: where it was', 'same', 'same', 2, 2],
  ])('%s', (_, before, after, caret, expected) => {
    expect(caretAfter(before, after, caret)).toBe(expected);
  });
});
