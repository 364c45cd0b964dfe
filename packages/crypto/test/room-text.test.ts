import { describe, expect, it } from 'vitest';
import {
  DecryptionError,
  UNASSIGNED_ROOM_CODE,
  createKeys,
  deriveKeysFor,
  openRoomText,
  sealRoomText,
  toBase64,
} from '../src/index.js';
import { fromBase64 } from '../src/base64.js';

const fast = { iter: 100_000 };

const failure = async (opening: Promise<unknown>) => {
  const error = await opening.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DecryptionError);
  return (error as DecryptionError).code;
};

describe('room texts', () => {
  it.each([
    ['plain text', 'hello'],
    ['empty text', ''],
    ['unicode', 'zwölf Boxkämpfer 🥊 — 日本語'],
    ['100 000 characters', 'x'.repeat(100_000)],
  ])('round-trips %s for a joiner who derives the same key', async (_, text) => {
    const creator = await createKeys('pw', fast);
    const sealed = await sealRoomText(creator.encKey, '4821', text);
    expect(fromBase64(sealed.iv)).toHaveLength(12);
    expect(fromBase64(sealed.ciphertext)).toHaveLength(new TextEncoder().encode(text).length + 16);
    const joiner = await deriveKeysFor('pw', creator.kdf);
    expect(await openRoomText(joiner.encKey, '4821', sealed)).toBe(text);
  });

  it('writes the iv and the ciphertext, nothing else (test/contract.test.ts checks the shape)', async () => {
    const { encKey } = await createKeys('pw', fast);
    const sealed = await sealRoomText(encKey, '4821', 'x');
    expect(Object.keys(sealed)).toEqual(['iv', 'ciphertext']);
  });

  it('uses a fresh iv for every edit', async () => {
    const { encKey } = await createKeys('pw', fast);
    const [a, b] = await Promise.all([
      sealRoomText(encKey, '4821', 'same'),
      sealRoomText(encKey, '4821', 'same'),
    ]);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it("refuses another room's text under the same key", async () => {
    const { encKey } = await createKeys('pw', fast);
    const sealed = await sealRoomText(encKey, '4821', 'secret');
    expect(await failure(openRoomText(encKey, '4822', sealed))).toBe('authentication');
    expect(await failure(openRoomText(encKey, UNASSIGNED_ROOM_CODE, sealed))).toBe(
      'authentication',
    );
  });

  it('opens the first text, sealed before the room had a code, only as such', async () => {
    const { encKey } = await createKeys('pw', fast);
    const first = await sealRoomText(encKey, UNASSIGNED_ROOM_CODE, '');
    expect(await openRoomText(encKey, UNASSIGNED_ROOM_CODE, first)).toBe('');
    expect(await failure(openRoomText(encKey, '4821', first))).toBe('authentication');
  });

  it('refuses a wrong password and altered bytes', async () => {
    const creator = await createKeys('pw', fast);
    const sealed = await sealRoomText(creator.encKey, '4821', 'secret');
    const wrong = await deriveKeysFor('not pw', creator.kdf);
    expect(await failure(openRoomText(wrong.encKey, '4821', sealed))).toBe('authentication');
    const bytes = fromBase64(sealed.ciphertext);
    bytes[0] = bytes[0]! ^ 1;
    const altered = { ...sealed, ciphertext: toBase64(bytes) };
    expect(await failure(openRoomText(creator.encKey, '4821', altered))).toBe('authentication');
    const otherIv = { ...sealed, iv: toBase64(new Uint8Array(12)) };
    expect(await failure(openRoomText(creator.encKey, '4821', otherIv))).toBe('authentication');
  });

  it.each([
    ['null', null],
    ['a string', 'sealed'],
    ['no iv', { ciphertext: toBase64(new Uint8Array(16)) }],
    ['a short iv', { iv: toBase64(new Uint8Array(8)), ciphertext: toBase64(new Uint8Array(16)) }],
    ['a ciphertext shorter than a tag', { iv: toBase64(new Uint8Array(12)), ciphertext: 'AAAA' }],
    ['bad base64', { iv: toBase64(new Uint8Array(12)), ciphertext: 'not base64!' }],
  ])('refuses %s as malformed', async (_, sealed) => {
    const { encKey } = await createKeys('pw', fast);
    expect(await failure(openRoomText(encKey, '4821', sealed))).toBe('malformed');
  });

  it('refuses an iv of the wrong length when sealing', async () => {
    const { encKey } = await createKeys('pw', fast);
    await expect(sealRoomText(encKey, '4821', 'x', { iv: new Uint8Array(8) })).rejects.toThrow(
      RangeError,
    );
  });
});
