// @vitest-environment node
import {
  decryptBlob,
  decryptFileMeta,
  deriveKeysFor,
  encryptedSize,
  SEGMENT_SIZE,
} from '@codedrop/crypto';
import { describe, expect, it } from 'vitest';
import type { SealProgress } from './progress';
import { sealFileShare } from './seal-file';

function bytes(length: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 31 + (i >> 8)) & 255;
  return out;
}

// toEqual walks megabytes element by element far too slowly.
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

describe('sealFileShare', () => {
  it('encrypts the bytes segment by segment and seals the real name, type and size', async () => {
    const plain = bytes(2 * SEGMENT_SIZE + 12_345);
    const file = new File([plain], 'quarterly report.pdf', { type: 'application/pdf' });
    const stages: SealProgress[] = [];
    const sealed = await sealFileShare(
      { password: 'pw', recoveryEmail: 'me@example.org' },
      file,
      (p) => stages.push(p),
    );

    expect(sealed.ciphertext.size).toBe(encryptedSize(plain.length));
    expect(sealed.fields).toMatchObject({
      recoveryEmail: 'me@example.org',
      recoveryPassword: 'pw',
    });
    expect(JSON.stringify(sealed.fields)).not.toContain('quarterly');
    expect(await decryptFileMeta('pw', sealed.fields.encryptedPayload)).toEqual({
      name: 'quarterly report.pdf',
      type: 'application/pdf',
      size: plain.length,
    });

    const { encKey } = await deriveKeysFor('pw', sealed.fields.encryptedPayload.kdf);
    const opened = await decryptBlob(sealed.ciphertext, encKey, plain.length);
    expect(sameBytes(new Uint8Array(await opened.arrayBuffer()), plain)).toBe(true);

    expect(stages[0]).toEqual({ stage: 'deriving' });
    const encrypting = stages.slice(1);
    expect(encrypting.every((p) => p.stage === 'encrypting')).toBe(true);
    const done = encrypting.map((p) => (p.stage === 'encrypting' ? p.done : -1));
    expect(done).toEqual([0, SEGMENT_SIZE, 2 * SEGMENT_SIZE, plain.length]);
  });

  it('handles an empty file', async () => {
    const sealed = await sealFileShare({ password: 'pw' }, new File([], 'empty.txt'));
    expect(sealed.ciphertext.size).toBe(encryptedSize(0));
    expect(Object.keys(sealed.fields).sort()).toEqual(['authVerifier', 'encryptedPayload']);
  });
});
