import { describe, expect, it } from 'vitest';
import { generatePassword, type RandomFill } from '../src/index.js';
import { PASSWORD_ALPHABET, PASSWORD_LENGTH, rejectionThreshold } from '../src/password.js';

/** A RandomFill that hands out the given bytes in order, then fails the test. */
function scripted(bytes: number[]): RandomFill {
  let next = 0;
  return (buffer) => {
    for (let i = 0; i < buffer.length; i++) {
      if (next >= bytes.length) throw new Error('asked for more random bytes than scripted');
      buffer[i] = bytes[next++]!;
    }
  };
}

describe('generatePassword', () => {
  it('gives 20 characters of an unambiguous 56-symbol alphabet by default', () => {
    expect(PASSWORD_LENGTH).toBe(20);
    expect(new Set(PASSWORD_ALPHABET).size).toBe(56);
    expect(PASSWORD_ALPHABET).not.toMatch(/[0O1Il]/);
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(20);
      expect([...password].every((c) => PASSWORD_ALPHABET.includes(c))).toBe(true);
    }
    expect(generatePassword()).not.toBe(generatePassword());
  });

  it('rejects bytes at or above the largest multiple of the alphabet size', () => {
    expect(rejectionThreshold(56)).toBe(224);
    expect(rejectionThreshold(10)).toBe(250);
    expect(rejectionThreshold(2)).toBe(256);
    expect(rejectionThreshold(256)).toBe(256);
    // 255 and 224 are rejected, 223 is the last symbol, 0 the first, 57 the second.
    const random = scripted([255, 224, 223, 0, 57, 225, 112, 113]);
    expect(generatePassword({ length: 4, random })).toBe(
      PASSWORD_ALPHABET[55]! +
        PASSWORD_ALPHABET[0]! +
        PASSWORD_ALPHABET[1]! +
        PASSWORD_ALPHABET[0]!,
    );
  });

  it('maps every accepted byte value to each symbol equally often (no modulo bias)', () => {
    const everyByte = Array.from({ length: 256 }, (_, i) => i);
    const password = generatePassword({
      length: 224,
      random: scripted([...everyByte, ...everyByte]),
    });
    const counts = new Map<string, number>();
    for (const c of password) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(56);
    expect(new Set(counts.values())).toEqual(new Set([4]));
  });

  it('draws again when a whole batch is rejected', () => {
    const random = scripted([...Array<number>(4).fill(250), 1, 2, 0, 0]);
    expect(generatePassword({ length: 2, random })).toBe(PASSWORD_ALPHABET.slice(1, 3));
  });

  it('honours a custom length and alphabet', () => {
    expect(generatePassword({ length: 64, alphabet: 'ab' })).toMatch(/^[ab]{64}$/);
    // Longer than one getRandomValues call may fill.
    expect(generatePassword({ length: 100_000 })).toHaveLength(100_000);
  });

  it.each([[{ length: 0 }], [{ length: 2.5 }], [{ alphabet: 'a' }], [{ alphabet: 'aab' }]])(
    'refuses %j',
    (options) => {
      expect(() => generatePassword(options)).toThrow(RangeError);
    },
  );
});
