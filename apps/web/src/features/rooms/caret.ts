/**
 * Where a caret at `caret` in `before` belongs once the text is `after`: the part both
 * texts start with and the part both end with are the same text, so a caret in either
 * stays by its own characters; a caret inside the part that changed goes to its end.
 */
export function caretAfter(before: string, after: string, caret: number): number {
  const shorter = Math.min(before.length, after.length);
  let head = 0;
  while (head < shorter && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < shorter - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail++;
  }
  if (caret <= head) return Math.min(caret, after.length);
  if (caret >= before.length - tail) {
    return Math.max(0, Math.min(after.length, caret + after.length - before.length));
  }
  return after.length - tail;
}
