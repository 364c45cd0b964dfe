// Writes test/request-vectors.json: known-answer vectors for requests (a sealed request key, a
// submission header and a file stream under the submission key, on P-256 and on X25519),
// computed with node:crypto (OpenSSL) from docs/design.md#requests-encrypting-to-the-asker,
// independently of the library's WebCrypto code, as scripts/make-vectors.mjs does for shares.
// Run once from the repository root: node packages/crypto/scripts/make-request-vectors.mjs
// then `npx prettier --write packages/crypto/test/request-vectors.json` and commit the result.
import {
  createCipheriv,
  createECDH,
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  hkdfSync,
  pbkdf2Sync,
} from 'node:crypto';
import { writeFileSync } from 'node:fs';

const SEGMENT = 1024 * 1024;
const hex = (bytes) => Buffer.from(bytes).toString('hex');
const b64 = (bytes) => Buffer.from(bytes).toString('base64');
const b64url = (bytes) => Buffer.from(bytes).toString('base64url');
const sha256 = (text) => createHash('sha256').update(text).digest();

/** The same xorshift32 stream as scripts/make-vectors.mjs. */
function patternBytes(seed, length) {
  const out = Buffer.alloc(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

const password = 'correct horse battery staple — request 📮';
const salt = sha256('codedrop request vectors: salt');
const iter = 100_000;

const master = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iter, 32, 'sha256');
const expand = (info) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
const passwordKey = expand('codedrop/v1/enc');
const authVerifier = b64(createHash('sha256').update(expand('codedrop/v1/auth')).digest());

function seal(key, iv, plaintext, aad) {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (aad) cipher.setAAD(aad);
  return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

/** A private key from a fixed scalar: its PKCS#8 DER, raw public key and KeyObject. */
function keyFromScalar(curve, scalar) {
  if (curve === 'P-256') {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    const raw = ecdh.getPublicKey(); // uncompressed: 0x04 ‖ x ‖ y
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      d: b64url(scalar),
      x: b64url(raw.subarray(1, 33)),
      y: b64url(raw.subarray(33)),
    };
    const privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
    return { pkcs8: privateKey.export({ type: 'pkcs8', format: 'der' }), raw, privateKey };
  }
  // RFC 8410 PKCS#8 of an X25519 private key: a fixed prefix, then the 32 bytes.
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), scalar]);
  const privateKey = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
  const raw = Buffer.from(createPublicKey(privateKey).export({ format: 'jwk' }).x, 'base64url');
  return { pkcs8, raw, privateKey };
}

function agree(curve, privateKey, peerRaw) {
  if (curve === 'P-256') {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey.export({ format: 'jwk' }).d, 'base64url'));
    return ecdh.computeSecret(peerRaw); // the x-coordinate, 32 bytes
  }
  const jwk = { kty: 'OKP', crv: 'X25519', x: b64url(peerRaw) };
  return diffieHellman({ privateKey, publicKey: createPublicKey({ key: jwk, format: 'jwk' }) });
}

function stream(key, noncePrefix, plaintext) {
  const header = Buffer.alloc(12);
  header[0] = 1;
  header.writeUInt32BE(SEGMENT, 1);
  noncePrefix.copy(header, 5);
  const count = Math.max(1, Math.ceil(plaintext.length / SEGMENT));
  const parts = [header];
  for (let i = 0; i < count; i++) {
    const nonce = Buffer.alloc(12);
    noncePrefix.copy(nonce, 0);
    nonce.writeUInt32BE(i, 7);
    nonce[11] = i === count - 1 ? 1 : 0;
    parts.push(seal(key, nonce, plaintext.subarray(i * SEGMENT, (i + 1) * SEGMENT), header));
  }
  return Buffer.concat(parts);
}

const cases = [
  {
    name: 'P-256, two files and a text',
    curve: 'P-256',
    kex: 'ECDH-P256',
    meta: {
      files: [
        { name: 'whiteboard (final).jpg', type: 'image/jpeg', size: 100 },
        { name: 'notes — ünïcödé.txt', type: 'text/plain', size: 0 },
      ],
      text: 'Here are the files you asked for 📎\nBest, a stranger',
    },
  },
  {
    name: 'X25519, one file',
    curve: 'X25519',
    kex: 'X25519',
    meta: { files: [{ name: 'report.pdf', type: 'application/pdf', size: 33 }] },
  },
];

const vectors = cases.map(({ name, curve, kex, meta }, i) => {
  const request = keyFromScalar(curve, sha256(`codedrop request vectors: ${curve} request key`));
  const ephemeral = keyFromScalar(curve, sha256(`codedrop request vectors: ${curve} ephemeral`));
  const publicKey = { curve, key: b64(request.raw) };

  const sealedKeyIv = sha256(`${name}: sealed key iv`).subarray(0, 12);
  const privateJson = JSON.stringify({ curve, pkcs8: b64(request.pkcs8) });
  const sealedKey = {
    v: 1,
    alg: 'AES-256-GCM',
    kdf: { name: 'PBKDF2-SHA-256', iter, salt: b64(salt) },
    iv: b64(sealedKeyIv),
    ciphertext: b64(seal(passwordKey, sealedKeyIv, Buffer.from(privateJson, 'utf8'))),
  };

  const shared = agree(curve, ephemeral.privateKey, request.raw);
  const hkdfSalt = Buffer.concat([ephemeral.raw, request.raw]);
  const submissionKey = Buffer.from(
    hkdfSync('sha256', shared, hkdfSalt, 'codedrop/v1/request', 32),
  );
  const iv = sha256(`${name}: header iv`).subarray(0, 12);
  const header = {
    v: 1,
    alg: 'AES-256-GCM',
    kex: { name: kex, epk: b64(ephemeral.raw) },
    iv: b64(iv),
    ciphertext: b64(seal(submissionKey, iv, Buffer.from(JSON.stringify(meta), 'utf8'))),
  };

  const seed = (0x85ebca6b ^ (i + 1)) >>> 0;
  const length = meta.files[0].size;
  const noncePrefix = sha256(`${name}: nonce prefix`).subarray(0, 7);
  return {
    name,
    curve,
    requestPkcs8: b64(request.pkcs8),
    publicKey,
    sealedKeyIv: hex(sealedKeyIv),
    sealedKey,
    ephemeralPkcs8: b64(ephemeral.pkcs8),
    iv: hex(iv),
    meta,
    header,
    shared: hex(shared),
    submissionKey: hex(submissionKey),
    file: {
      seed,
      length,
      noncePrefix: hex(noncePrefix),
      stored: hex(stream(submissionKey, noncePrefix, patternBytes(seed, length))),
    },
  };
});

const output = {
  about:
    'Generated by scripts/make-request-vectors.mjs with node:crypto; file = the first file of meta, its plaintext = xorshift32(seed) bytes, low byte of each state.',
  password,
  salt: hex(salt),
  iter,
  authVerifier,
  vectors,
};

writeFileSync(
  new URL('../test/request-vectors.json', import.meta.url),
  `${JSON.stringify(output, null, 2)}\n`,
);
