import { randomInt } from 'node:crypto';

export interface CodeSettings {
  codeMinDigits: number;
  codeMaxDigits: number;
  codeMaxDensity: number;
  /** Past this share of the longest length's space, new shares wait (503). */
  codeHardDensity: number;
}

/** A uniformly random code of `length` digits from the CSPRNG (leading zeros allowed). */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/**
 * How many live codes of `length` digits the density target allows (DESIGN: a guess at a
 * short code must stay unlikely to hit): `density` of the length's code space.
 */
export function lengthCapacity(length: number, density: number): number {
  return Math.floor(density * 10 ** length);
}

export function isValidCode(
  code: string,
  s: Pick<CodeSettings, 'codeMinDigits' | 'codeMaxDigits'>,
) {
  return /^\d+$/.test(code) && code.length >= s.codeMinDigits && code.length <= s.codeMaxDigits;
}
