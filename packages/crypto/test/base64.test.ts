import { describe, expect, it } from 'vitest';
import { DecryptionError, toBase64 } from '../src/index.js';
import { fromBase64, fromBase64Url, toBase64Url } from '../src/base64.js';
import { sameBytes } from './support/bytes.js';

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const viaBtoa = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

// RFC 4648 §10
const rfc: [string, string][] = [
  ['', ''],
  ['f', 'Zg=='],
  ['fo', 'Zm8='],
  ['foo', 'Zm9v'],
  ['foob', 'Zm9vYg=='],
  ['fooba', 'Zm9vYmE='],
  ['foobar', 'Zm9vYmFy'],
];

describe('standard base64', () => {
  it.each(rfc)('encodes and decodes %j as %j', (text, encoded) => {
    expect(toBase64(ascii(text))).toBe(encoded);
    expect(fromBase64(encoded)).toEqual(ascii(text));
  });

  it('agrees with btoa on every length and uses + and /', () => {
    for (let length = 0; length < 70; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      expect(toBase64(bytes)).toBe(viaBtoa(bytes));
      expect(fromBase64(toBase64(bytes))).toEqual(bytes);
    }
    expect(toBase64(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('+/+/');
  });

  it('round-trips 2 MiB', () => {
    const bytes = new Uint8Array(2 * 1024 * 1024).map((_, i) => (i * 31) & 0xff);
    expect(sameBytes(fromBase64(toBase64(bytes)), bytes)).toBe(true);
  });

  it.each([
    ['missing padding', 'Zg'],
    ['short padding', 'Zg='],
    ['excess padding', 'Zm9v===='],
    ['padding inside', 'Zg==Zm9v'],
    ['padding first', '=Zm9'],
    ['non-zero bits under padding (==)', 'Zh=='],
    ['non-zero bits under padding (=)', 'Zm9='],
    ['URL alphabet', 'Zm-_'],
    ['leading space', ' Zg=='],
    ['trailing newline', 'Zg==\n'],
    ['inner space', 'Zm 9v'],
    ['one symbol', 'Z'],
    ['non-ASCII', 'Zm9é'],
  ])('rejects %s', (_, text) => {
    expect(() => fromBase64(text)).toThrow(DecryptionError);
    expect(() => fromBase64(text)).toThrow(expect.objectContaining({ code: 'malformed' }));
  });

  it('checks an expected length', () => {
    const salt = toBase64(new Uint8Array(32));
    expect(fromBase64(salt, 32)).toHaveLength(32);
    expect(() => fromBase64(salt, 12)).toThrow(DecryptionError);
    expect(() => fromBase64('', 1)).toThrow(DecryptionError);
  });
});

describe('base64url without padding', () => {
  it.each(rfc)('encodes and decodes %j', (text, encoded) => {
    const unpadded = encoded.replace(/=+$/, '');
    expect(toBase64Url(ascii(text))).toBe(unpadded);
    expect(fromBase64Url(unpadded)).toEqual(ascii(text));
  });

  it('uses - and _ where standard base64 has + and /', () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0xbf, 0xfe]);
    expect(toBase64Url(bytes)).toBe('-_-__g');
    expect(fromBase64Url('-_-__g', 4)).toEqual(bytes);
  });

  it.each([
    ['padding', 'Zg=='],
    ['standard alphabet', 'Zm+v'],
    ['non-zero trailing bits', 'Zh'],
    ['one symbol', 'Z'],
    ['space', 'Zm 9'],
  ])('rejects %s', (_, text) => {
    expect(() => fromBase64Url(text)).toThrow(DecryptionError);
  });
});
