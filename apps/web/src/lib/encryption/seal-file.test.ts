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

function bytes(length: number, seed = 0): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = (i * 31 + (i >> 8) + seed) & 255;
  return out;
}

// toEqual walks megabytes element by element far too slowly.
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

async function opened(ciphertext: Blob, encKey: CryptoKey, size: number): Promise<Uint8Array> {
  const blob = await decryptBlob(ciphertext, encKey, size);
  return new Uint8Array(await blob.arrayBuffer());
}

const encryptingDone = (stages: SealProgress[]) =>
  stages.flatMap((p) => (p.stage === 'encrypting' ? [p.done] : []));

describe('sealFileShare', () => {
  it('encrypts the bytes segment by segment and seals the real name, type and size', async () => {
    const plain = bytes(2 * SEGMENT_SIZE + 12_345);
    const file = new File([plain], 'quarterly report.pdf', { type: 'application/pdf' });
    const stages: SealProgress[] = [];
    const sealed = await sealFileShare(
      { password: 'pw', recoveryEmail: 'me@example.org' },
      [file],
      (p) => stages.push(p),
    );

    expect(sealed.ciphertexts).toHaveLength(1);
    expect(sealed.ciphertexts[0]!.size).toBe(encryptedSize(plain.length));
    expect(sealed.fields).toMatchObject({
      recoveryEmail: 'me@example.org',
      recoveryPassword: 'pw',
    });
    expect(JSON.stringify(sealed.fields)).not.toContain('quarterly');
    expect(await decryptFileMeta('pw', sealed.fields.encryptedPayload)).toEqual([
      { name: 'quarterly report.pdf', type: 'application/pdf', size: plain.length },
    ]);

    const { encKey } = await deriveKeysFor('pw', sealed.fields.encryptedPayload.kdf);
    expect(sameBytes(await opened(sealed.ciphertexts[0]!, encKey, plain.length), plain)).toBe(true);

    expect(stages[0]).toEqual({ stage: 'deriving' });
    expect(stages.slice(1).every((p) => p.stage === 'encrypting')).toBe(true);
    expect(encryptingDone(stages)).toEqual([0, SEGMENT_SIZE, 2 * SEGMENT_SIZE, plain.length]);
  });

  it('seals several files under one key: one metadata list in order, one ciphertext each', async () => {
    const plains = [bytes(SEGMENT_SIZE + 10, 1), bytes(300, 2), bytes(0, 3)];
    const files = [
      new File([plains[0]!], 'scan.png', { type: 'image/png' }),
      new File([plains[1]!], 'report.pdf', { type: 'application/pdf' }),
      new File([plains[2]!], 'empty.txt', { type: 'text/plain' }),
    ];
    const stages: SealProgress[] = [];
    const sealed = await sealFileShare({ password: 'shared pw' }, files, (p) => stages.push(p));

    expect(await decryptFileMeta('shared pw', sealed.fields.encryptedPayload)).toEqual([
      { name: 'scan.png', type: 'image/png', size: SEGMENT_SIZE + 10 },
      { name: 'report.pdf', type: 'application/pdf', size: 300 },
      { name: 'empty.txt', type: 'text/plain', size: 0 },
    ]);
    expect(sealed.ciphertexts.map((blob) => blob.size)).toEqual(
      plains.map((plain) => encryptedSize(plain.length)),
    );

    // The one password opens every file, each back to its own bytes.
    const { encKey } = await deriveKeysFor('shared pw', sealed.fields.encryptedPayload.kdf);
    for (const [index, plain] of plains.entries()) {
      const back = await opened(sealed.ciphertexts[index]!, encKey, plain.length);
      expect(sameBytes(back, plain), `file ${index}`).toBe(true);
    }
    // A ciphertext does not open as another file's (its size is checked, and it is its own).
    await expect(decryptBlob(sealed.ciphertexts[1]!, encKey, plains[0]!.length)).rejects.toThrow();

    // Progress runs over the total, never backwards, and ends at it.
    const total = SEGMENT_SIZE + 10 + 300;
    const done = encryptingDone(stages);
    expect(done[0]).toBe(0);
    expect(done.at(-1)).toBe(total);
    expect([...done].sort((a, b) => a - b)).toEqual(done);
    expect(stages.every((p) => p.stage !== 'encrypting' || p.total === total)).toBe(true);
  });

  it('handles an empty file', async () => {
    const sealed = await sealFileShare({ password: 'pw' }, [new File([], 'empty.txt')]);
    expect(sealed.ciphertexts[0]!.size).toBe(encryptedSize(0));
    expect(Object.keys(sealed.fields).sort()).toEqual(['authVerifier', 'encryptedPayload']);
  });
});
