import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DecryptionError,
  WRITE_ITERATIONS,
  createKeys,
  deriveKeysFor,
  toBase64,
} from '../src/index.js';
import { MAX_ITERATIONS, MIN_ITERATIONS, deriveKeys } from '../src/kdf.js';
import { fromBase64 } from '../src/base64.js';
import { parseKdf } from '../src/envelope-parse.js';
import { fromHex, toHex } from './support/bytes.js';
import { vectors } from './support/known-answers.js';

const salt = fromHex(vectors.salt);
const saltB64 = toBase64(salt);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('deriveKeys', () => {
  it('uses the iteration bounds of docs/design.md#encryption', () => {
    expect([MIN_ITERATIONS, WRITE_ITERATIONS, MAX_ITERATIONS]).toEqual([
      100_000, 600_000, 10_000_000,
    ]);
  });

  it.each([0, 99_999, 10_000_001, 100_000.5, Number.NaN, Infinity])(
    'refuses %d iterations before deriving anything',
    async (iter) => {
      const importKey = vi.spyOn(crypto.subtle, 'importKey');
      const deriveBits = vi.spyOn(crypto.subtle, 'deriveBits');
      await expect(deriveKeys('pw', salt, iter)).rejects.toThrow(DecryptionError);
      await expect(deriveKeys('pw', salt, iter)).rejects.toMatchObject({ code: 'unsupported' });
      expect(() => parseKdf({ name: 'PBKDF2-SHA-256', iter, salt: saltB64 })).toThrow();
      expect(importKey).not.toHaveBeenCalled();
      expect(deriveBits).not.toHaveBeenCalled();
    },
  );

  it('accepts the bounds themselves', async () => {
    const keys = await deriveKeys(vectors.password, salt, MIN_ITERATIONS);
    expect(toHex(keys.authKey)).toBe(vectors.authKey);
    expect(() =>
      parseKdf({ name: 'PBKDF2-SHA-256', iter: MAX_ITERATIONS, salt: toBase64(salt) }),
    ).not.toThrow();
  });

  it('makes encKey a non-extractable AES-256-GCM key', async () => {
    const { encKey } = await deriveKeys(vectors.password, salt, vectors.iter);
    expect(encKey.extractable).toBe(false);
    expect(encKey.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    expect([...encKey.usages].sort()).toEqual(['decrypt', 'encrypt']);
    await expect(crypto.subtle.exportKey('raw', encKey)).rejects.toThrow();
  });

  it('rejects a salt that is not 32 bytes and an empty password', async () => {
    await expect(deriveKeys('pw', new Uint8Array(16), vectors.iter)).rejects.toThrow(RangeError);
    await expect(deriveKeys('', salt, vectors.iter)).rejects.toThrow(RangeError);
  });

  it('gives another authKey for another password', async () => {
    const other = await deriveKeys(`${vectors.password}!`, salt, vectors.iter);
    expect(toHex(other.authKey)).not.toBe(vectors.authKey);
  });
});

describe('createKeys and deriveKeysFor', () => {
  it('writes 600 000 iterations and a fresh random salt by default', async () => {
    const [a, b] = await Promise.all([createKeys('pw'), createKeys('pw')]);
    expect(a.kdf).toMatchObject({ name: 'PBKDF2-SHA-256', iter: 600_000 });
    expect(fromBase64(a.kdf.salt)).toHaveLength(32);
    expect(a.kdf.salt).not.toBe(b.kdf.salt);
    expect(toHex(a.authKey)).not.toBe(toHex(b.authKey));
  }, 20_000);

  it('lets a reader derive the same keys from the published kdf object', async () => {
    const writer = await createKeys(vectors.password, { iter: vectors.iter, salt });
    expect(writer.kdf).toEqual({
      name: 'PBKDF2-SHA-256',
      iter: vectors.iter,
      salt: toBase64(salt),
    });
    expect(writer.authVerifier).toBe(vectors.authVerifier);
    const reader = await deriveKeysFor(vectors.password, writer.kdf);
    expect(toHex(reader.authKey)).toBe(vectors.authKey);
  });

  it.each([
    ['a missing salt', { name: 'PBKDF2-SHA-256', iter: 100_000 }, 'malformed'],
    ['a short salt', { name: 'PBKDF2-SHA-256', iter: 100_000, salt: 'AAAA' }, 'malformed'],
    ['iter as text', { name: 'PBKDF2-SHA-256', iter: '100000', salt: saltB64 }, 'malformed'],
    ['another KDF', { name: 'argon2id', iter: 100_000, salt: saltB64 }, 'unsupported'],
    ['too many iterations', { name: 'PBKDF2-SHA-256', iter: 2e7, salt: saltB64 }, 'unsupported'],
  ])('refuses a kdf object with %s', async (_, kdf, code) => {
    await expect(deriveKeysFor('pw', kdf)).rejects.toMatchObject({ name: 'DecryptionError', code });
  });
});
