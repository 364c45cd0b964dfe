// Every way a stored stream or an envelope can be damaged, with the outcome the library must
// give. Shared by the Node tests and the Chromium page.
import {
  SEGMENT_SIZE,
  decryptChunks,
  decryptText,
  encryptChunks,
  isDecryptionError,
} from '../../src/index.js';
import { aesKey, collect, fromHex, patternBytes } from './bytes.js';
import { vectors } from './known-answers.js';

/** `ok`, or the DecryptionError code, with the plaintext bytes released before the end. */
export interface Outcome {
  result: string;
  released: number;
}

const SEALED = SEGMENT_SIZE + 16;
const n = 2 * SEGMENT_SIZE + 5; // three segments: full, full, 5 bytes

function flip(bytes: Uint8Array, at: number): Uint8Array {
  const copy = bytes.slice();
  copy[at]! ^= 0x01;
  return copy;
}

function join(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((offset, part) => (out.set(part, offset), offset + part.length), 0);
  return out;
}

async function outcome(work: (release: (bytes: number) => void) => Promise<unknown>) {
  let released = 0;
  try {
    await work((bytes) => (released += bytes));
    return { result: 'ok', released };
  } catch (error) {
    return { result: isDecryptionError(error) ? error.code : `other: ${String(error)}`, released };
  }
}

interface StreamCase {
  source: Uint8Array<ArrayBuffer>;
  storedLength?: number;
  expectedSize?: number;
  key?: CryptoKey;
}

export async function streamTamperOutcomes(): Promise<Record<string, Outcome>> {
  const key = await aesKey(fromHex(vectors.encKey));
  const otherKey = await aesKey(new Uint8Array(32).fill(7));
  const encrypt = (plaintext: Uint8Array<ArrayBuffer>, prefix: number) =>
    collect(
      encryptChunks({
        encKey: key,
        source: new Blob([plaintext]),
        length: plaintext.length,
        noncePrefix: new Uint8Array(7).fill(prefix),
      }),
    );
  const stored = await encrypt(patternBytes(1, n), 1);
  const other = await encrypt(patternBytes(2, n), 2);
  const empty = await encrypt(new Uint8Array(0), 3);
  const header = stored.subarray(0, 12);
  const segment = (bytes: Uint8Array, i: number) =>
    bytes.subarray(12 + i * SEALED, Math.min(bytes.length, 12 + (i + 1) * SEALED));
  const [s0, s1, s2] = [0, 1, 2].map((i) => segment(stored, i)) as [
    Uint8Array,
    Uint8Array,
    Uint8Array,
  ];
  const sizeOf = (source: Uint8Array) =>
    source.length - 12 - 16 * Math.ceil(source.length / SEALED);

  const cases: Record<string, StreamCase> = {
    untouched: { source: stored },
    'wrong key': { source: stored, key: otherKey },
    'nonce prefix bit flipped': { source: flip(stored, 8) as Uint8Array<ArrayBuffer> },
    'header version changed': { source: join(flip(header, 0), s0, s1, s2) },
    'header segment size changed': { source: join(flip(header, 3), s0, s1, s2) },
    'bit flipped in the first segment': { source: join(header, flip(s0, 100), s1, s2) },
    'bit flipped in the middle segment': { source: join(header, s0, flip(s1, 5), s2) },
    'bit flipped in the last tag': { source: join(header, s0, s1, flip(s2, s2.length - 1)) },
    'segments swapped': { source: join(header, s1, s0, s2) },
    'segment duplicated over the next': { source: join(header, s0, s0, s2) },
    'segment from another file': { source: join(header, s0, segment(other, 1), s2) },
    'middle segment dropped, sizes adjusted': {
      source: join(header, s0, s2),
      expectedSize: SEGMENT_SIZE + 5,
    },
    'last segment dropped': { source: join(header, s0, s1), expectedSize: n },
    'last segment dropped, sizes adjusted': {
      source: join(header, s0, s1),
      expectedSize: 2 * SEGMENT_SIZE,
    },
    'cut short in transit': {
      source: stored.slice(0, -10),
      storedLength: stored.length,
      expectedSize: n,
    },
    'extra bytes in transit': {
      source: join(stored, new Uint8Array(3)),
      storedLength: stored.length,
      expectedSize: n,
    },
    'segment appended': { source: join(stored, s2), expectedSize: n },
    'impossible stored length': { source: stored.slice(0, 22), expectedSize: 0 },
    'empty file': { source: empty, expectedSize: 0 },
    'empty file, tag bit flipped': {
      source: flip(empty, 20) as Uint8Array<ArrayBuffer>,
      expectedSize: 0,
    },
    'empty file declared as one byte': { source: empty, expectedSize: 1 },
  };

  const results: Record<string, Outcome> = {};
  for (const [name, c] of Object.entries(cases)) {
    results[name] = await outcome(async (release) => {
      const chunks = decryptChunks({
        encKey: c.key ?? key,
        source: new Blob([c.source]),
        storedLength: c.storedLength ?? c.source.length,
        expectedSize: c.expectedSize ?? sizeOf(c.source),
      });
      for await (const chunk of chunks) release(chunk.length);
    });
  }
  return results;
}

export const expectedStreamOutcomes: Record<string, Outcome> = {
  untouched: { result: 'ok', released: n },
  'wrong key': { result: 'authentication', released: 0 },
  'nonce prefix bit flipped': { result: 'authentication', released: 0 },
  'header version changed': { result: 'unsupported', released: 0 },
  'header segment size changed': { result: 'unsupported', released: 0 },
  'bit flipped in the first segment': { result: 'authentication', released: 0 },
  'bit flipped in the middle segment': { result: 'authentication', released: SEGMENT_SIZE },
  'bit flipped in the last tag': { result: 'authentication', released: 2 * SEGMENT_SIZE },
  'segments swapped': { result: 'authentication', released: 0 },
  'segment duplicated over the next': { result: 'authentication', released: SEGMENT_SIZE },
  'segment from another file': { result: 'authentication', released: SEGMENT_SIZE },
  'middle segment dropped, sizes adjusted': { result: 'authentication', released: SEGMENT_SIZE },
  'last segment dropped': { result: 'size-mismatch', released: 0 },
  'last segment dropped, sizes adjusted': { result: 'authentication', released: SEGMENT_SIZE },
  'cut short in transit': { result: 'truncated', released: 2 * SEGMENT_SIZE },
  'extra bytes in transit': { result: 'extended', released: 2 * SEGMENT_SIZE },
  'segment appended': { result: 'size-mismatch', released: 0 },
  'impossible stored length': { result: 'malformed', released: 0 },
  'empty file': { result: 'ok', released: 0 },
  'empty file, tag bit flipped': { result: 'authentication', released: 0 },
  'empty file declared as one byte': { result: 'size-mismatch', released: 0 },
};

type Mutation = (envelope: Record<string, unknown>) => unknown;

export async function envelopeTamperOutcomes(): Promise<Record<string, Outcome>> {
  const original = vectors.envelopes[0]!.envelope;
  const edit =
    (change: (e: Record<string, unknown> & typeof original) => void): Mutation =>
    () => {
      const copy = structuredClone(original) as Record<string, unknown> & typeof original;
      change(copy);
      return copy;
    };
  const flipBase64 = (text: string, at: number) => {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    bytes[at < 0 ? bytes.length + at : at]! ^= 0x01;
    return btoa(String.fromCharCode(...bytes));
  };
  const cases: Record<string, { password?: string; envelope: Mutation }> = {
    untouched: { envelope: () => original },
    'as JSON text': { envelope: () => JSON.stringify(original) },
    'wrong password': { password: 'Tr0ub4dor&3 — passwörd 🔑', envelope: () => original },
    'ciphertext bit flipped': {
      envelope: edit((e) => (e.ciphertext = flipBase64(e.ciphertext, 0))),
    },
    'tag bit flipped': { envelope: edit((e) => (e.ciphertext = flipBase64(e.ciphertext, -1))) },
    'iv changed': { envelope: edit((e) => (e.iv = flipBase64(e.iv, 3))) },
    'salt changed': { envelope: edit((e) => (e.kdf.salt = flipBase64(e.kdf.salt, 0))) },
    'iterations changed': { envelope: edit((e) => (e.kdf.iter = 100_001)) },
    'iterations below the minimum': { envelope: edit((e) => (e.kdf.iter = 99_999)) },
    'iterations above the maximum': { envelope: edit((e) => (e.kdf.iter = 10_000_001)) },
    'iterations not an integer': { envelope: edit((e) => (e.kdf.iter = 100_000.5)) },
    'another KDF': { envelope: edit((e) => (e.kdf.name = 'scrypt')) },
    'another version': { envelope: edit((e) => (e.v = 2)) },
    'another algorithm': { envelope: edit((e) => (e.alg = 'AES-128-GCM')) },
    'extra field': { envelope: edit((e) => (e.extra = true)) },
    'missing field': { envelope: edit((e) => delete (e as Partial<typeof e>).iv) },
    'salt not canonical base64': {
      envelope: edit((e) => (e.kdf.salt = e.kdf.salt.replace(/.=$/, (m) => 'L=' + m.slice(2)))),
    },
    'iv of 16 bytes': { envelope: edit((e) => (e.iv = btoa('0123456789abcdef'))) },
    'ciphertext shorter than a tag': { envelope: edit((e) => (e.ciphertext = btoa('short'))) },
    'not JSON': { envelope: () => '{"v":1,' },
    'not an object': { envelope: () => null },
  };
  const results: Record<string, Outcome> = {};
  for (const [name, c] of Object.entries(cases)) {
    results[name] = await outcome(async (release) => {
      const text = await decryptText(c.password ?? vectors.password, c.envelope({}));
      release(text.length);
    });
  }
  return results;
}

const textLength = vectors.envelopes[0]!.text!.length;
export const expectedEnvelopeOutcomes: Record<string, Outcome> = {
  untouched: { result: 'ok', released: textLength },
  'as JSON text': { result: 'ok', released: textLength },
  'wrong password': { result: 'authentication', released: 0 },
  'ciphertext bit flipped': { result: 'authentication', released: 0 },
  'tag bit flipped': { result: 'authentication', released: 0 },
  'iv changed': { result: 'authentication', released: 0 },
  'salt changed': { result: 'authentication', released: 0 },
  'iterations changed': { result: 'authentication', released: 0 },
  'iterations below the minimum': { result: 'unsupported', released: 0 },
  'iterations above the maximum': { result: 'unsupported', released: 0 },
  'iterations not an integer': { result: 'unsupported', released: 0 },
  'another KDF': { result: 'unsupported', released: 0 },
  'another version': { result: 'unsupported', released: 0 },
  'another algorithm': { result: 'unsupported', released: 0 },
  'extra field': { result: 'malformed', released: 0 },
  'missing field': { result: 'malformed', released: 0 },
  'salt not canonical base64': { result: 'malformed', released: 0 },
  'iv of 16 bytes': { result: 'malformed', released: 0 },
  'ciphertext shorter than a tag': { result: 'malformed', released: 0 },
  'not JSON': { result: 'malformed', released: 0 },
  'not an object': { result: 'malformed', released: 0 },
};
