import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  signDownloadToken,
  verifyDownloadToken,
} from '../../src/modules/downloads/download-token.js';
import type { DownloadTokenPayload } from '../../src/modules/downloads/download-token.js';

const secret = randomBytes(32);
const NOW = 1_767_225_600;
const payload: DownloadTokenPayload = {
  key: '1767225600000-0123456789abcdef.pdf',
  nonce: 'bm9uY2Utbm9uY2Utbm9uY2U',
  name: 'résumé "final".pdf',
  type: 'application/pdf',
  exp: NOW + 300,
};

describe('download tokens', () => {
  it('verify to their payload until they expire', () => {
    const token = signDownloadToken(secret, payload);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyDownloadToken(secret, token, NOW)).toEqual(payload);
    expect(verifyDownloadToken(secret, token, NOW + 299)).toEqual(payload);
    expect(verifyDownloadToken(secret, token, NOW + 300)).toEqual({ error: 'expired' });
    expect(verifyDownloadToken(secret, token, NOW + 86_400)).toEqual({ error: 'expired' });
  });

  it('are invalid after any single character changes', () => {
    const token = signDownloadToken(secret, payload);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < token.length; i += 1) {
      if (token[i] === '.') continue;
      // Try two replacements so both the high and the low bits of each character change.
      for (const shift of [1, 32]) {
        const replacement = alphabet[(alphabet.indexOf(token[i]!) + shift) % alphabet.length]!;
        const tampered = token.slice(0, i) + replacement + token.slice(i + 1);
        expect(verifyDownloadToken(secret, tampered, NOW)).toEqual({ error: 'invalid' });
      }
    }
  });

  it('are invalid when the payload is swapped for another signed payload', () => {
    const [body] = signDownloadToken(secret, { ...payload, key: '1-0123456789abcdef' }).split('.');
    const [, mac] = signDownloadToken(secret, payload).split('.');
    expect(verifyDownloadToken(secret, `${body}.${mac}`, NOW)).toEqual({ error: 'invalid' });
  });

  it('are invalid under another secret', () => {
    const token = signDownloadToken(secret, payload);
    expect(verifyDownloadToken(randomBytes(32), token, NOW)).toEqual({ error: 'invalid' });
  });

  it('are invalid, never thrown, for garbage input', () => {
    const mac = signDownloadToken(secret, payload).split('.')[1];
    const signedJunk = (body: string) => {
      const real = signDownloadToken(secret, payload);
      return real.replace(/^[^.]+/, body);
    };
    const garbage: unknown[] = [
      '',
      '.',
      '..',
      'abc',
      'a.b.c',
      `.${mac}`,
      `${'a'.repeat(10_000)}.${mac}`,
      '%%%.***',
      'eyJ.!!',
      signedJunk('bm90IGpzb24'),
      null,
      undefined,
      42,
      {},
    ];
    for (const token of garbage) {
      expect(() => verifyDownloadToken(secret, token as string, NOW)).not.toThrow();
      expect(verifyDownloadToken(secret, token as string, NOW)).toEqual({ error: 'invalid' });
    }
  });

  it('are invalid when a genuine signature covers a malformed payload', () => {
    // Signing is only reachable with a well-formed payload, so forge one with the real key.
    for (const json of [
      '"just a string"',
      '{"key":"k","name":"n","type":"t"}',
      '{"key":"","name":"n","type":"t","exp":1}',
      '[1,2]',
      'not json',
    ]) {
      const body = Buffer.from(json).toString('base64url');
      const mac = createHmac('sha256', secret).update(body).digest('base64url');
      expect(verifyDownloadToken(secret, `${body}.${mac}`, NOW)).toEqual({ error: 'invalid' });
    }
  });

  it('refuse secrets shorter than 32 bytes', () => {
    expect(() => signDownloadToken(randomBytes(16), payload)).toThrow(RangeError);
    expect(() => verifyDownloadToken(randomBytes(16), 'a.b', NOW)).toThrow(RangeError);
  });

  it('refuse to sign a malformed payload', () => {
    expect(() => signDownloadToken(secret, { ...payload, exp: 1.5 })).toThrow(TypeError);
    expect(() => signDownloadToken(secret, { ...payload, key: '' })).toThrow(TypeError);
  });
});
