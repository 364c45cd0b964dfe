import { describe, expect, it } from 'vitest';
import { newDeleteToken, sha256Base64 } from '../src/infra/runtime/secrets-hash.js';

describe('delete tokens', () => {
  it('are 256-bit, never repeat across pool refills, and are stored only as their hash', () => {
    const tokens = Array.from({ length: 1_000 }, () => newDeleteToken());
    expect(new Set(tokens.map((t) => t.token)).size).toBe(1_000);
    for (const { token, hash } of tokens) {
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(hash).toBe(sha256Base64(token));
    }
  });
});
