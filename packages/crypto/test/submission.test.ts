import { describe, expect, it, vi } from 'vitest';
import {
  SEGMENT_SIZE,
  decryptBlob,
  decryptChunks,
  encryptBlob,
  openSubmission,
  parseSubmissionHeader,
  sealSubmission,
  toBase64,
  type RequestCurve,
  type SubmissionHeader,
  type SubmissionMeta,
} from '../src/index.js';
import { collect, patternBytes, sameBytes } from './support/bytes.js';
import { flipped, outcomes, requestKey, type TestRequestKey } from './support/request-fixtures.js';

const curves: RequestCurve[] = ['P-256', 'X25519'];
const meta: SubmissionMeta = {
  files: [
    { name: 'scan.pdf', type: 'application/pdf', size: SEGMENT_SIZE + 5 },
    { name: 'empty.txt', type: 'text/plain', size: 0 },
  ],
  text: 'For your request — ünïcödé 📎',
};

describe('submissions', () => {
  for (const curve of curves) {
    it(`carry metadata and file streams to the asker's key (${curve})`, async () => {
      const request = await requestKey(curve);
      const sealed = await sealSubmission(request.wire, meta);
      const { header } = sealed;
      expect(Object.keys(header)).toEqual(['v', 'alg', 'kex', 'iv', 'ciphertext']);
      expect(header.kex.name).toBe(curve === 'P-256' ? 'ECDH-P256' : 'X25519');
      expect(parseSubmissionHeader(JSON.stringify(header))).toEqual(header);

      const plaintext = patternBytes(7, meta.files[0]!.size);
      const stored = await encryptBlob(new Blob([plaintext]), sealed.encKey);

      const opened = await openSubmission(request.privateKey, request.wire, header);
      expect(opened.meta).toEqual(meta);
      const back = await decryptBlob(stored, opened.encKey, opened.meta.files[0]!.size);
      expect(sameBytes(new Uint8Array(await back.arrayBuffer()), plaintext)).toBe(true);
    });
  }

  it('use a fresh ephemeral key, hence a fresh key, for every submission', async () => {
    const request = await requestKey('X25519');
    const first = await sealSubmission(request.wire, meta);
    const second = await sealSubmission(request.wire, meta);
    expect(second.header.kex.epk).not.toBe(first.header.kex.epk);
    const stored = await encryptBlob(new Blob([new Uint8Array(3)]), first.encKey);
    const opened = await openSubmission(request.privateKey, request.wire, second.header);
    const attempt = collect(
      decryptChunks({
        encKey: opened.encKey,
        source: stored,
        storedLength: stored.size,
        expectedSize: 3,
      }),
    );
    await expect(attempt).rejects.toMatchObject({ code: 'authentication' });
  });

  it('carry a text alone, files alone, and leave an empty text out', async () => {
    const request = await requestKey('P-256');
    const roundTrip = async (sent: SubmissionMeta) => {
      const { header } = await sealSubmission(request.wire, sent);
      return (await openSubmission(request.privateKey, request.wire, header)).meta;
    };
    const files = [{ name: 'a.bin', type: '', size: 1 }];
    expect(await roundTrip({ files: [], text: 'only words' })).toEqual({
      files: [],
      text: 'only words',
    });
    expect(await roundTrip({ files })).toEqual({ files });
    expect(await roundTrip({ files, text: '' })).toEqual({ files });
  });

  it('refuse to send nothing, a text over the limit, or a bad size', async () => {
    const request = await requestKey('X25519');
    const seal = (sent: SubmissionMeta) => () => sealSubmission(request.wire, sent);
    expect(
      await outcomes({
        'a text at the limit, in code points': seal({ files: [], text: '📎'.repeat(100_000) }),
        'a text over the limit': seal({ files: [], text: 'a'.repeat(100_001) }),
        'no file and no text': seal({ files: [] }),
        'no file and an empty text': seal({ files: [], text: '' }),
        'a negative size': seal({ files: [{ name: 'a', type: '', size: -1 }] }),
        'a fractional size': seal({ files: [{ name: 'a', type: '', size: 1.5 }] }),
      }),
    ).toEqual({
      'a text at the limit, in code points': 'ok',
      'a text over the limit': 'RangeError',
      'no file and no text': 'RangeError',
      'no file and an empty text': 'RangeError',
      'a negative size': 'RangeError',
      'a fractional size': 'RangeError',
    });
  });
});

/** The header with `change` applied to a copy of it. */
function edited(header: SubmissionHeader, change: (copy: Record<string, unknown>) => void) {
  const copy = structuredClone(header) as unknown as Record<string, unknown>;
  change(copy);
  return copy;
}

function withEpk(header: SubmissionHeader, epk: string) {
  return { ...header, kex: { ...header.kex, epk } };
}

/** X25519 public keys of small order: any private key agrees with them on all zeros. */
const lowOrderX25519 = { zero: new Uint8Array(32), one: new Uint8Array(32) };
lowOrderX25519.one[0] = 1;

describe('opening a submission fails', () => {
  async function tamperOutcomes(request: TestRequestKey, other: TestRequestKey) {
    const { header } = await sealSubmission(request.wire, meta);
    const forOther = (await sealSubmission(other.wire, meta)).header;
    const open =
      (value: unknown, publicKey: unknown = request.wire) =>
      () =>
        openSubmission(request.privateKey, publicKey, value);
    return outcomes({
      'the header itself': open(header),
      'flipped byte in epk': open(withEpk(header, flipped(header.kex.epk, 20))),
      'flipped byte in iv': open({ ...header, iv: flipped(header.iv, 0) }),
      'flipped byte in ciphertext': open({ ...header, ciphertext: flipped(header.ciphertext, 5) }),
      'flipped byte in tag': open({ ...header, ciphertext: flipped(header.ciphertext, -1) }),
      'a header for another request key': open(forOther),
      'the request public key swapped': open(header, other.wire),
      'the ephemeral key of another header': open(withEpk(header, forOther.kex.epk)),
      'an unknown kex name': open(
        edited(header, (h) => ((h.kex as { name: string }).name = 'ECDH-P384')),
      ),
      'an unknown version': open({ ...header, v: 2 }),
      'another algorithm': open({ ...header, alg: 'AES-128-GCM' }),
      'an extra field': open({ ...header, aad: '' }),
      'an extra kex field': open(edited(header, (h) => ((h.kex as { x?: number }).x = 1))),
      'no kex': open(edited(header, (h) => delete h.kex)),
      'an epk one byte short': open(
        withEpk(header, toBase64(new Uint8Array(request.curve === 'P-256' ? 64 : 31))),
      ),
      'an iv of 16 bytes': open({ ...header, iv: toBase64(new Uint8Array(16)) }),
      'a ciphertext shorter than a tag': open({
        ...header,
        ciphertext: toBase64(new Uint8Array(15)),
      }),
      'not JSON': open('{"v":1'),
    });
  }

  const sharedExpectations = {
    'the header itself': 'ok',
    'flipped byte in iv': 'authentication',
    'flipped byte in ciphertext': 'authentication',
    'flipped byte in tag': 'authentication',
    'a header for another request key': 'authentication',
    'the request public key swapped': 'authentication',
    'the ephemeral key of another header': 'authentication',
    'an unknown kex name': 'unsupported',
    'an unknown version': 'unsupported',
    'another algorithm': 'unsupported',
    'an extra field': 'malformed',
    'an extra kex field': 'malformed',
    'no kex': 'malformed',
    'an epk one byte short': 'bad-public-key',
    'an iv of 16 bytes': 'malformed',
    'a ciphertext shorter than a tag': 'malformed',
    'not JSON': 'malformed',
  };

  it('for every damaged P-256 header, with a DecryptionError', async () => {
    const result = await tamperOutcomes(await requestKey('P-256'), await requestKey('P-256'));
    // A P-256 point with one byte changed is no longer on the curve.
    expect(result).toEqual({ ...sharedExpectations, 'flipped byte in epk': 'bad-public-key' });
  });

  it('for every damaged X25519 header, with a DecryptionError', async () => {
    const result = await tamperOutcomes(await requestKey('X25519'), await requestKey('X25519'));
    // Every 32 bytes are an X25519 key: a changed one gives another key, which fails the tag.
    expect(result).toEqual({ ...sharedExpectations, 'flipped byte in epk': 'authentication' });
  });

  it('for an X25519 epk with its ignored top bit flipped, which only the salt catches', async () => {
    const request = await requestKey('X25519');
    const { header } = await sealSubmission(request.wire, meta);
    const sameSecret = withEpk(header, flipped(header.kex.epk, 31, 0x80));
    await expect(
      openSubmission(request.privateKey, request.wire, sameSecret),
    ).rejects.toMatchObject({
      code: 'authentication',
    });
  });

  it('for keys and headers on different curves', async () => {
    const p256 = await requestKey('P-256');
    const x25519 = await requestKey('X25519');
    const x25519Header = (await sealSubmission(x25519.wire, meta)).header;
    const p256Header = (await sealSubmission(p256.wire, meta)).header;
    expect(
      await outcomes({
        'an X25519 header for a P-256 request': () =>
          openSubmission(p256.privateKey, p256.wire, x25519Header),
        'a P-256 private key for an X25519 request': () =>
          openSubmission(p256.privateKey, x25519.wire, x25519Header),
        'a P-256 epk labelled X25519': () =>
          openSubmission(x25519.privateKey, x25519.wire, {
            ...p256Header,
            kex: { ...p256Header.kex, name: 'X25519' },
          }),
      }),
    ).toEqual({
      'an X25519 header for a P-256 request': 'key-mismatch',
      'a P-256 private key for an X25519 request': 'key-mismatch',
      'a P-256 epk labelled X25519': 'bad-public-key',
    });
  });

  it('for low-order X25519 keys, on either side', async () => {
    const request = await requestKey('X25519');
    const { header } = await sealSubmission(request.wire, meta);
    const attempts: Record<string, () => Promise<unknown>> = {};
    for (const [name, point] of Object.entries(lowOrderX25519)) {
      const key = toBase64(point);
      attempts[`sending to the point ${name}`] = () =>
        sealSubmission({ curve: 'X25519', key }, meta);
      attempts[`an epk at the point ${name}`] = () =>
        openSubmission(request.privateKey, request.wire, withEpk(header, key));
    }
    expect(await outcomes(attempts)).toEqual({
      'sending to the point zero': 'bad-public-key',
      'an epk at the point zero': 'bad-public-key',
      'sending to the point one': 'bad-public-key',
      'an epk at the point one': 'bad-public-key',
    });
  });

  it('for an all-zero secret even where WebCrypto would hand it over', async () => {
    const request = await requestKey('X25519');
    // Node refuses low-order points itself; some runtimes return the zeros instead.
    const deriveBits = vi.spyOn(crypto.subtle, 'deriveBits');
    deriveBits.mockResolvedValueOnce(new ArrayBuffer(32));
    await expect(sealSubmission(request.wire, meta)).rejects.toMatchObject({
      code: 'bad-public-key',
    });
    deriveBits.mockRestore();
  });

  it('to start when the request public key is not a usable key', async () => {
    const request = await requestKey('P-256');
    expect(
      await outcomes({
        'a P-256 point off the curve': () =>
          sealSubmission({ curve: 'P-256', key: flipped(request.wire.key, 64) }, meta),
        'a P-256 key of 64 bytes': () =>
          sealSubmission({ curve: 'P-256', key: toBase64(new Uint8Array(64)) }, meta),
        'an unknown curve': () =>
          sealSubmission({ curve: 'secp256k1', key: request.wire.key }, meta),
      }),
    ).toEqual({
      'a P-256 point off the curve': 'bad-public-key',
      'a P-256 key of 64 bytes': 'bad-public-key',
      'an unknown curve': 'unsupported',
    });
  });
});
