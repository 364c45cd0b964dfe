import { randomInt } from 'node:crypto';

export interface CodeSettings {
  codeMinDigits: number;
  codeMaxDigits: number;
  codeMaxDensity: number;
}

/** A uniformly random code of `length` digits from the CSPRNG (leading zeros allowed). */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/**
 * The shortest length whose code space is at most `codeMaxDensity` occupied, counting the
 * new share, so short codes stay hard to guess by luck (DESIGN.md §4). When every length is
 * that full, the longest.
 */
export function chooseCodeLength(occupied: ReadonlyMap<number, number>, s: CodeSettings): number {
  for (let length = s.codeMinDigits; length <= s.codeMaxDigits; length++) {
    const used = (occupied.get(length) ?? 0) + 1;
    if (used / 10 ** length <= s.codeMaxDensity) return length;
  }
  return s.codeMaxDigits;
}

export function isValidCode(
  code: string,
  s: Pick<CodeSettings, 'codeMinDigits' | 'codeMaxDigits'>,
) {
  return /^\d+$/.test(code) && code.length >= s.codeMinDigits && code.length <= s.codeMaxDigits;
}
