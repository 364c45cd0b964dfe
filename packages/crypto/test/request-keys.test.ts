import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createKeys,
  decryptRequestKey,
  deriveKeysFor,
  fromBase64,
  generateRequestKeyPair,
  openRequestKey,
  parseRequestPublicKey,
  sealRequestKey,
  toBase64,
  type RequestCurve,
} from '../src/index.js';
import { utf8 } from '../src/bytes.js';
import { sealBytes } from '../src/envelope.js';
import { TEST_ITER, flipped, outcomes, requestKey } from './support/request-fixtures.js';

const password = 'asker pässword 🔑';
const curves: RequestCurve[] = ['P-256', 'X25519'];

describe('preferredRequestCurve', () => {
  // Each test imports the module afresh, so that its cached answer starts empty.
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('prefers X25519 where WebCrypto has it, and asks once', async () => {
    const { preferredRequestCurve: fresh } = await import('../src/request-keys.js');
    const generateKey = vi.spyOn(crypto.subtle, 'generateKey');
    expect(await fresh()).toBe('X25519');
    expect(await fresh()).toBe('X25519');
    expect(generateKey).toHaveBeenCalledTimes(1);
  });

  it('falls back to P-256 where X25519 is missing', async () => {
    const { preferredRequestCurve: fresh } = await import('../src/request-keys.js');
    const missing = new DOMException('Unrecognized name.', 'NotSupportedError');
    vi.spyOn(crypto.subtle, 'generateKey').mockRejectedValue(missing);
    expect(await fresh()).toBe('P-256');
  });
});

describe('request key pairs', () => {
  it('generates P-256 by default', async () => {
    const pair = await generateRequestKeyPair();
    expect(pair.curve).toBe('P-256');
    expect(pair.privateKey.algorithm).toEqual({ name: 'ECDH', namedCurve: 'P-256' });
  });

  it('refuses an unknown curve', async () => {
    await expect(generateRequestKeyPair('P-384' as RequestCurve)).rejects.toThrow(RangeError);
  });

  for (const curve of curves) {
    it(`seals and opens the private key under the password (${curve})`, async () => {
      const pair = await generateRequestKeyPair(curve);
      const sealed = await sealRequestKey(password, pair, { iter: TEST_ITER });

      const raw = fromBase64(sealed.publicKey.key);
      expect(sealed.publicKey.curve).toBe(curve);
      expect(raw.length).toBe(curve === 'P-256' ? 65 : 32);
      if (curve === 'P-256') expect(raw[0]).toBe(0x04);
      expect((await parseRequestPublicKey(sealed.publicKey)).publicKey).toEqual(sealed.publicKey);
      expect(Object.keys(sealed.sealedKey)).toEqual(['v', 'alg', 'kdf', 'iv', 'ciphertext']);
      expect(sealed.kdf).toEqual(sealed.sealedKey.kdf);

      // The reader's path: kdf from the lookup, keys derived once, the envelope opened with encKey.
      const { encKey } = await deriveKeysFor(password, sealed.kdf);
      const opened = await openRequestKey(encKey, sealed.sealedKey, sealed.publicKey);
      expect(opened.curve).toBe(curve);
      expect(opened.privateKey.extractable).toBe(false);
      expect(opened.privateKey.usages).toEqual(['deriveBits']);

      // The same key: both sides of one agreement reach the same secret.
      const other = await generateRequestKeyPair(curve);
      const agree = (privateKey: CryptoKey, publicKey: CryptoKey) =>
        crypto.subtle.deriveBits(
          { name: curve === 'P-256' ? 'ECDH' : 'X25519', public: publicKey },
          privateKey,
          256,
        );
      expect(new Uint8Array(await agree(opened.privateKey, other.publicKey))).toEqual(
        new Uint8Array(await agree(other.privateKey, pair.publicKey)),
      );
    });
  }

  it('opens from the password alone, with the envelope as JSON text', async () => {
    const sealed = await sealRequestKey(password, await generateRequestKeyPair('X25519'), {
      iter: TEST_ITER,
    });
    const opened = await decryptRequestKey(
      password,
      JSON.stringify(sealed.sealedKey),
      JSON.stringify(sealed.publicKey),
    );
    expect(opened.curve).toBe('X25519');
  });

  it('refuses a key pair whose keys are not on its curve', async () => {
    const p256 = await generateRequestKeyPair('P-256');
    const mixed = { ...p256, curve: 'X25519' as const };
    await expect(sealRequestKey(password, mixed, { iter: TEST_ITER })).rejects.toThrow(RangeError);
  });
});

describe('opening a sealed request key fails', () => {
  it('for a wrong password, another public key, or a damaged envelope', async () => {
    const p256 = await requestKey('P-256');
    const x25519 = await requestKey('X25519');
    const otherP256 = await requestKey('P-256');
    const sealed = await sealRequestKey(password, p256, { iter: TEST_ITER });
    const { sealedKey } = sealed;
    const open = (pass: string, envelope: unknown, publicKey: unknown) => () =>
      decryptRequestKey(pass, envelope, publicKey);

    expect(
      await outcomes({
        'right password': open(password, sealedKey, p256.wire),
        'wrong password': open('asker password 🔑', sealedKey, p256.wire),
        'another P-256 public key': open(password, sealedKey, otherP256.wire),
        'a public key on the other curve': open(password, sealedKey, x25519.wire),
        'flipped ciphertext': open(
          password,
          { ...sealedKey, ciphertext: flipped(sealedKey.ciphertext, 3) },
          p256.wire,
        ),
        'flipped iv': open(password, { ...sealedKey, iv: flipped(sealedKey.iv, 0) }, p256.wire),
      }),
    ).toEqual({
      'right password': 'ok',
      'wrong password': 'authentication',
      'another P-256 public key': 'key-mismatch',
      'a public key on the other curve': 'key-mismatch',
      'flipped ciphertext': 'authentication',
      'flipped iv': 'authentication',
    });
  }, 20_000);

  it('for a sealed plaintext that is not a request private key', async () => {
    const p256 = await requestKey('P-256');
    const x25519 = await requestKey('X25519');
    const keys = await createKeys(password, { iter: TEST_ITER });
    const pkcs8 = toBase64(new Uint8Array(await crypto.subtle.exportKey('pkcs8', p256.privateKey)));
    const sealedJson = (json: string) => sealBytes(keys, utf8(json));
    const open =
      (json: string, publicKey = p256.wire) =>
      async () =>
        openRequestKey(keys.encKey, await sealedJson(json), publicKey);

    expect(
      await outcomes({
        'the key itself': open(JSON.stringify({ curve: 'P-256', pkcs8 })),
        'not JSON': open('P-256'),
        'a missing field': open(JSON.stringify({ curve: 'P-256' })),
        'an extra field': open(JSON.stringify({ curve: 'P-256', pkcs8, x: 1 })),
        'an unknown curve': open(JSON.stringify({ curve: 'P-384', pkcs8 })),
        'bytes that are no PKCS#8': open(JSON.stringify({ curve: 'P-256', pkcs8: 'AAECAw==' })),
        'a P-256 key labelled X25519': open(
          JSON.stringify({ curve: 'X25519', pkcs8 }),
          x25519.wire,
        ),
      }),
    ).toEqual({
      'the key itself': 'ok',
      'not JSON': 'malformed',
      'a missing field': 'malformed',
      'an extra field': 'malformed',
      'an unknown curve': 'unsupported',
      'bytes that are no PKCS#8': 'malformed',
      'a P-256 key labelled X25519': 'malformed',
    });
  }, 20_000);
});

describe('parseRequestPublicKey', () => {
  it('refuses every public key that is not exactly a usable key', async () => {
    const p256 = (await requestKey('P-256')).wire;
    const x25519 = (await requestKey('X25519')).wire;
    const raw = fromBase64(p256.key);
    const compressed = raw.slice(0, 33);
    compressed[0] = 0x02 | (raw[64]! & 1);
    const zeroPoint = new Uint8Array(65);
    zeroPoint[0] = 0x04;
    const parse = (value: unknown) => () => parseRequestPublicKey(value);

    expect(
      await outcomes({
        'a P-256 key': parse(p256),
        'an X25519 key': parse(x25519),
        'as JSON text': parse(JSON.stringify(p256)),
        'not JSON': parse('{curve'),
        'not an object': parse([p256.curve, p256.key]),
        'a missing field': parse({ curve: 'P-256' }),
        'an extra field': parse({ ...p256, alg: 'ECDH' }),
        'an unknown curve': parse({ curve: 'P-384', key: p256.key }),
        'a curve named another way': parse({ curve: 'p256', key: p256.key }),
        'a key that is not a string': parse({ curve: 'P-256', key: Array.from(raw) }),
        'non-canonical base64': parse({ curve: 'X25519', key: x25519.key.replace('=', '') }),
        'a P-256 key one byte short': parse({ curve: 'P-256', key: toBase64(raw.slice(0, 64)) }),
        'a compressed P-256 point': parse({ curve: 'P-256', key: toBase64(compressed) }),
        'a P-256 point off the curve': parse({ curve: 'P-256', key: flipped(p256.key, 40) }),
        'the P-256 point 0, 0': parse({ curve: 'P-256', key: toBase64(zeroPoint) }),
        'an X25519 key of 31 bytes': parse({ curve: 'X25519', key: toBase64(new Uint8Array(31)) }),
        'a P-256 key labelled X25519': parse({ curve: 'X25519', key: p256.key }),
        'an X25519 key labelled P-256': parse({ curve: 'P-256', key: x25519.key }),
      }),
    ).toEqual({
      'a P-256 key': 'ok',
      'an X25519 key': 'ok',
      'as JSON text': 'ok',
      'not JSON': 'malformed',
      'not an object': 'malformed',
      'a missing field': 'malformed',
      'an extra field': 'malformed',
      'an unknown curve': 'unsupported',
      'a curve named another way': 'unsupported',
      'a key that is not a string': 'malformed',
      'non-canonical base64': 'malformed',
      'a P-256 key one byte short': 'bad-public-key',
      'a compressed P-256 point': 'bad-public-key',
      'a P-256 point off the curve': 'bad-public-key',
      'the P-256 point 0, 0': 'bad-public-key',
      'an X25519 key of 31 bytes': 'bad-public-key',
      'a P-256 key labelled X25519': 'bad-public-key',
      'an X25519 key labelled P-256': 'bad-public-key',
    });
  });
});
