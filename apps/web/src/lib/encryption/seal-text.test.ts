// @vitest-environment node
import { decryptText, parseEnvelope, WRITE_ITERATIONS } from '@codedrop/crypto';
import { describe, expect, it } from 'vitest';
import type { SealProgress } from './progress';
import { sealTextShare } from './seal-text';

describe('sealTextShare', () => {
  it('seals the text so that only the password opens it, reporting each stage', async () => {
    const stages: SealProgress[] = [];
    const text = 'secret line\nsecond — ünïcode 🔐';
    const sealed = await sealTextShare({ password: 'correct horse' }, text, (p) => stages.push(p));

    expect(parseEnvelope(sealed.encryptedPayload).kdf.iter).toBe(WRITE_ITERATIONS);
    expect(JSON.stringify(sealed)).not.toContain('secret line');
    expect(sealed.authVerifier).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(await decryptText('correct horse', sealed.encryptedPayload)).toBe(text);
    await expect(decryptText('wrong horse', sealed.encryptedPayload)).rejects.toMatchObject({
      name: 'DecryptionError',
    });

    const size = new TextEncoder().encode(text).length;
    expect(stages).toEqual([
      { stage: 'deriving' },
      { stage: 'encrypting', done: 0, total: size },
      { stage: 'encrypting', done: size, total: size },
    ]);
  });

  it('adds no recovery fields without a recovery email', async () => {
    const sealed = await sealTextShare({ password: 'pw' }, 'x');
    expect(Object.keys(sealed).sort()).toEqual(['authVerifier', 'encryptedPayload']);
  });

  it('escrows the password only with a recovery email', async () => {
    const sealed = await sealTextShare({ password: 'pw', recoveryEmail: 'me@example.org' }, 'x');
    expect(sealed).toMatchObject({ recoveryEmail: 'me@example.org', recoveryPassword: 'pw' });
  });

  it('uses a fresh salt and iv every time', async () => {
    const a = await sealTextShare({ password: 'pw' }, 'same');
    const b = await sealTextShare({ password: 'pw' }, 'same');
    expect(a.encryptedPayload.kdf.salt).not.toBe(b.encryptedPayload.kdf.salt);
    expect(a.encryptedPayload.iv).not.toBe(b.encryptedPayload.iv);
    expect(a.authVerifier).not.toBe(b.authVerifier);
  });
});
