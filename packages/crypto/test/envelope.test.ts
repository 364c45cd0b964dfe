import { describe, expect, it } from 'vitest';
import {
  DecryptionError,
  createKeys,
  decryptFileMeta,
  decryptText,
  deriveKeysFor,
  openFileMeta,
  openText,
  parseEnvelope,
  sealFileMeta,
  sealText,
  toBase64,
} from '../src/index.js';
import { encryptFileMeta } from '../src/file-meta.js';
import { encryptText, openBytes, sealBytes } from '../src/envelope.js';
import { fromBase64 } from '../src/base64.js';
import { fromHex } from './support/bytes.js';
import { vectors } from './support/known-answers.js';

const fast = { iter: 100_000 };

describe('text envelopes', () => {
  it.each([
    ['plain text', 'hello'],
    ['empty text', ''],
    ['unicode', 'zwölf Boxkämpfer 🥊 — 日本語'],
    ['note HTML', '<p><strong>bold</strong> &amp; <em>more</em></p>'],
    ['1 MB of text', 'x'.repeat(1_000_000)],
  ])('round-trips %s', async (_, text) => {
    const { envelope, authKey, authVerifier } = await encryptText('pw', text, fast);
    expect(authKey).toHaveLength(32);
    expect(fromBase64(authVerifier)).toHaveLength(32);
    expect(fromBase64(envelope.ciphertext)).toHaveLength(
      new TextEncoder().encode(text).length + 16,
    );
    expect(await decryptText('pw', envelope)).toBe(text);
    expect(await decryptText('pw', JSON.stringify(envelope))).toBe(text);
  });

  it('uses a fresh salt and iv each time', async () => {
    const [a, b] = await Promise.all([
      encryptText('pw', 'same', fast),
      encryptText('pw', 'same', fast),
    ]);
    expect(a.envelope.kdf.salt).not.toBe(b.envelope.kdf.salt);
    expect(a.envelope.iv).not.toBe(b.envelope.iv);
    expect(a.envelope.ciphertext).not.toBe(b.envelope.ciphertext);
    expect(fromBase64(a.envelope.iv)).toHaveLength(12);
  });

  it('writes exactly the docs/design.md#encryption fields', async () => {
    const { envelope } = await encryptText('pw', 'x', fast);
    expect(Object.keys(envelope)).toEqual(['v', 'alg', 'kdf', 'iv', 'ciphertext']);
    expect(envelope).toMatchObject({ v: 1, alg: 'AES-256-GCM', kdf: { name: 'PBKDF2-SHA-256' } });
    expect(Object.keys(envelope.kdf)).toEqual(['name', 'iter', 'salt']);
    expect(parseEnvelope(JSON.stringify(envelope))).toEqual(envelope);
  });

  it('rejects an injected iv of the wrong length', async () => {
    await expect(encryptText('pw', 'x', { ...fast, iv: new Uint8Array(16) })).rejects.toThrow(
      RangeError,
    );
  });

  it('reports decrypted bytes that are not UTF-8 as malformed', async () => {
    const keys = await createKeys('pw', fast);
    const envelope = await sealBytes(keys, new Uint8Array([0xff, 0xfe]));
    await expect(openText(keys.encKey, envelope)).rejects.toMatchObject({ code: 'malformed' });
  });
});

describe('file metadata envelopes', () => {
  const meta = { name: 'photo 1.jpg', type: 'image/jpeg', size: 1234567 };

  it('round-trips name, type and size', async () => {
    const { envelope } = await encryptFileMeta('pw', [meta], fast);
    expect(await decryptFileMeta('pw', envelope)).toEqual([meta]);
  });

  it('writes one file as the bare object every earlier reader opens', async () => {
    const keys = await createKeys('pw', fast);
    const envelope = await sealFileMeta(keys, [meta]);
    const plain = new TextDecoder().decode(await openBytes(keys.encKey, envelope));
    expect(JSON.parse(plain)).toEqual(meta);
  });

  it('round-trips several files in upload order as {"files": [...]}', async () => {
    const keys = await createKeys('pw', fast);
    const bundle = [meta, { name: 'notes.txt', type: 'text/plain', size: 0 }];
    const envelope = await sealFileMeta(keys, bundle);
    const plain = new TextDecoder().decode(await openBytes(keys.encKey, envelope));
    expect(JSON.parse(plain)).toEqual({ files: bundle });
    expect(await openFileMeta(keys.encKey, envelope)).toEqual(bundle);
  });

  it('refuses to write an empty list', async () => {
    await expect(encryptFileMeta('pw', [], fast)).rejects.toThrow(RangeError);
  });

  it('opens a name with direction overrides as the name it really is', async () => {
    const { envelope } = await encryptFileMeta(
      'pw',
      [{ ...meta, name: 'invoice\u202Etxt.exe' }],
      fast,
    );
    expect((await decryptFileMeta('pw', envelope))[0]!.name).toBe('invoicetxt.exe');
    const blank = await encryptFileMeta('pw', [{ ...meta, name: '\u202E' }], fast);
    expect((await decryptFileMeta('pw', blank.envelope))[0]!.name).toBe('download');
  });

  it('encrypts the fields in a fixed order whatever the object', async () => {
    const iv = fromHex('00112233445566778899aabb');
    const options = { ...fast, salt: fromHex(vectors.salt), iv };
    const a = await encryptFileMeta('pw', [meta], options);
    const b = await encryptFileMeta(
      'pw',
      [{ size: meta.size, type: meta.type, name: meta.name }],
      options,
    );
    expect(a.envelope).toEqual(b.envelope);
  });

  it('refuses a negative or fractional size when writing', async () => {
    await expect(encryptFileMeta('pw', [{ ...meta, size: -1 }], fast)).rejects.toThrow(RangeError);
    await expect(encryptFileMeta('pw', [{ ...meta, size: 1.5 }], fast)).rejects.toThrow(RangeError);
  });

  it.each([
    ['not JSON', 'name'],
    ['a number', '42'],
    ['a missing type', '{"name":"a","size":1}'],
    ['a negative size', '{"name":"a","type":"","size":-1}'],
    ['a text size', '{"name":"a","type":"","size":"1"}'],
    ['an empty bundle', '{"files":[]}'],
    ['a bundle that is not a list', '{"files":{"name":"a","type":"","size":1}}'],
    ['a bundle with a bad entry', '{"files":[{"name":"a","type":"","size":1},{"name":"b"}]}'],
  ])('reports authenticated metadata holding %s as malformed', async (_, json) => {
    const keys = await createKeys('pw', fast);
    const envelope = await sealBytes(keys, new TextEncoder().encode(json));
    const failure = openFileMeta(keys.encKey, envelope);
    await expect(failure).rejects.toThrow(DecryptionError);
    await expect(failure).rejects.toMatchObject({ code: 'malformed' });
  });
});

describe('deriving once for several operations', () => {
  it('seals text and metadata with one key set; a reader derives once and opens both', async () => {
    const writer = await createKeys('open sesame', fast);
    const text = await sealText(writer, 'the text');
    const meta = await sealFileMeta(writer, [{ name: 'a.txt', type: 'text/plain', size: 8 }]);
    expect(text.kdf).toEqual(writer.kdf);
    expect(meta.kdf).toEqual(writer.kdf);

    const reader = await deriveKeysFor('open sesame', writer.kdf);
    expect(toBase64(reader.authKey)).toBe(toBase64(writer.authKey));
    expect(await openText(reader.encKey, text)).toBe('the text');
    expect(await openFileMeta(reader.encKey, meta)).toEqual([
      { name: 'a.txt', type: 'text/plain', size: 8 },
    ]);

    const stranger = await deriveKeysFor('open sesame!', writer.kdf);
    await expect(openText(stranger.encKey, text)).rejects.toMatchObject({ code: 'authentication' });
  });

  it('returns encKey from encryptFileMeta so the file stream needs no second derivation', async () => {
    const made = await encryptFileMeta('pw', [{ name: 'a', type: '', size: 0 }], fast);
    expect(await openFileMeta(made.encKey, made.envelope)).toEqual([
      { name: 'a', type: '', size: 0 },
    ]);
  });
});
