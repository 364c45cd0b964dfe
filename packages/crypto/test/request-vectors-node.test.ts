import {
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  hkdfSync,
  pbkdf2Sync,
  type KeyObject,
} from 'node:crypto';
import { describe, expect, it } from 'vitest';
import vectors from './request-vectors.json' with { type: 'json' };
import { patternBytes } from './support/bytes.js';

// A second reader of the request vectors, written from docs/design.md#requests-encrypting-to-the-asker
// with node:crypto alone and none of src/: if it opens everything, the spec says enough to
// interoperate with the library.

const b64 = (text: string) => Buffer.from(text, 'base64');
const SEGMENT = 1024 * 1024;

/** AES-256-GCM open of ciphertext ‖ 16-byte tag; throws when the tag does not verify. */
function open(key: Buffer, iv: Buffer, sealed: Buffer, aad?: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(-16));
  return Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
}

/** The raw public key: 0x04 ‖ x ‖ y for P-256, the 32 bytes for X25519. */
function rawPublic(key: KeyObject): Buffer {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  const x = Buffer.from(jwk.x!, 'base64url');
  return jwk.crv === 'X25519'
    ? x
    : Buffer.concat([Buffer.from([4]), x, Buffer.from(jwk.y!, 'base64url')]);
}

function publicFromRaw(curve: string, raw: Buffer): KeyObject {
  const jwk =
    curve === 'X25519'
      ? { kty: 'OKP', crv: 'X25519', x: raw.toString('base64url') }
      : {
          kty: 'EC',
          crv: 'P-256',
          x: raw.subarray(1, 33).toString('base64url'),
          y: raw.subarray(33).toString('base64url'),
        };
  return createPublicKey({ key: jwk, format: 'jwk' });
}

function openStream(key: Buffer, stored: Buffer): Buffer {
  const header = stored.subarray(0, 12);
  expect(header[0]).toBe(1);
  expect(header.readUInt32BE(1)).toBe(SEGMENT);
  const body = stored.subarray(12);
  const count = Math.max(1, Math.ceil(body.length / (SEGMENT + 16)));
  const parts = [];
  for (let i = 0; i < count; i++) {
    const nonce = Buffer.alloc(12);
    header.copy(nonce, 0, 5, 12);
    nonce.writeUInt32BE(i, 7);
    nonce[11] = i === count - 1 ? 1 : 0;
    const sealed = body.subarray(i * (SEGMENT + 16), (i + 1) * (SEGMENT + 16));
    parts.push(open(key, nonce, sealed, header));
  }
  return Buffer.concat(parts);
}

const master = pbkdf2Sync(
  Buffer.from(vectors.password, 'utf8'),
  Buffer.from(vectors.salt, 'hex'),
  vectors.iter,
  32,
  'sha256',
);
const expand = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));

describe('request vectors read with node:crypto from the spec alone', () => {
  it('derives the password keys of the sealed request key', () => {
    const authKey = expand('codedrop/v1/auth');
    expect(createHash('sha256').update(authKey).digest('base64')).toBe(vectors.authVerifier);
  });

  for (const vector of vectors.vectors) {
    it(`opens the request key, the header and the file: ${vector.name}`, () => {
      const { sealedKey, header, publicKey } = vector;
      const privateJson = open(
        expand('codedrop/v1/enc'),
        b64(sealedKey.iv),
        b64(sealedKey.ciphertext),
      );
      const sealed = JSON.parse(privateJson.toString('utf8')) as { curve: string; pkcs8: string };
      expect(Object.keys(sealed)).toEqual(['curve', 'pkcs8']);
      expect(sealed.curve).toBe(publicKey.curve);
      const privateKey = createPrivateKey({ key: b64(sealed.pkcs8), format: 'der', type: 'pkcs8' });
      const requestRaw = rawPublic(privateKey);
      expect(requestRaw.toString('base64')).toBe(publicKey.key);
      expect(requestRaw.length).toBe(publicKey.curve === 'P-256' ? 65 : 32);

      expect(header.v).toBe(1);
      expect(header.alg).toBe('AES-256-GCM');
      expect(header.kex.name).toBe(publicKey.curve === 'P-256' ? 'ECDH-P256' : 'X25519');
      const epk = b64(header.kex.epk);
      const shared = diffieHellman({ privateKey, publicKey: publicFromRaw(publicKey.curve, epk) });
      expect(shared.toString('hex')).toBe(vector.shared);
      const salt = Buffer.concat([epk, requestRaw]);
      const key = Buffer.from(hkdfSync('sha256', shared, salt, 'codedrop/v1/request', 32));
      expect(key.toString('hex')).toBe(vector.submissionKey);

      const meta = JSON.parse(open(key, b64(header.iv), b64(header.ciphertext)).toString('utf8'));
      expect(meta).toEqual(vector.meta);

      const plaintext = openStream(key, Buffer.from(vector.file.stored, 'hex'));
      expect(plaintext.length).toBe(meta.files[0].size);
      expect(plaintext.equals(patternBytes(vector.file.seed, vector.file.length))).toBe(true);
    });
  }
});
