import { fromBase64 } from './base64.js';
import { DecryptionError } from './errors.js';
import { ENVELOPE_ALG, ENVELOPE_VERSION, IV_BYTES, TAG_BYTES } from './envelope-parse.js';
import { PUBLIC_KEY_BYTES, badPublicKey, type RequestCurve } from './request-public-key.js';
import { exactRecord, jsonValue, malformed, stringField } from './strict-json.js';

/** The key agreement of a submission, named by the request key's curve. */
export type KexName = 'ECDH-P256' | 'X25519';

const kexCurves: Readonly<Record<KexName, RequestCurve>> = {
  'ECDH-P256': 'P-256',
  X25519: 'X25519',
};

export function kexName(curve: RequestCurve): KexName {
  return curve === 'P-256' ? 'ECDH-P256' : 'X25519';
}

/** docs/design.md#requests-encrypting-to-the-asker: a submission's stored envelope. */
export interface SubmissionHeader {
  v: typeof ENVELOPE_VERSION;
  alg: typeof ENVELOPE_ALG;
  kex: {
    name: KexName;
    /** base64 of the sender's raw ephemeral public key */
    epk: string;
  };
  /** base64 of 12 bytes */
  iv: string;
  /** base64 of the metadata's ciphertext ‖ 16-byte tag */
  ciphertext: string;
}

export interface DecodedSubmissionHeader {
  header: SubmissionHeader;
  curve: RequestCurve;
  epk: Uint8Array<ArrayBuffer>;
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: Uint8Array<ArrayBuffer>;
}

function isKexName(value: unknown): value is KexName {
  return typeof value === 'string' && Object.hasOwn(kexCurves, value);
}

/** {@link parseSubmissionHeader} that also hands back the decoded bytes. */
export function decodeSubmissionHeader(value: unknown): DecodedSubmissionHeader {
  const fields = exactRecord(
    jsonValue(value, 'Submission header'),
    ['v', 'alg', 'kex', 'iv', 'ciphertext'],
    'submission header',
  );
  if (fields.v !== ENVELOPE_VERSION || fields.alg !== ENVELOPE_ALG) {
    throw new DecryptionError('unsupported', 'Unsupported submission version or algorithm');
  }
  const kex = exactRecord(fields.kex, ['name', 'epk'], 'kex');
  if (!isKexName(kex.name)) throw new DecryptionError('unsupported', 'Unsupported key agreement');
  const curve = kexCurves[kex.name];
  const epkText = stringField(kex.epk, 'kex.epk');
  const epk = fromBase64(epkText);
  if (epk.length !== PUBLIC_KEY_BYTES[curve]) {
    throw badPublicKey(`A ${curve} ephemeral key must be ${PUBLIC_KEY_BYTES[curve]} bytes`);
  }
  const iv = stringField(fields.iv, 'iv');
  const ciphertext = stringField(fields.ciphertext, 'ciphertext');
  const decoded = { iv: fromBase64(iv, IV_BYTES), ciphertext: fromBase64(ciphertext) };
  if (decoded.ciphertext.length < TAG_BYTES) throw malformed('ciphertext is shorter than a tag');
  const header: SubmissionHeader = {
    v: ENVELOPE_VERSION,
    alg: ENVELOPE_ALG,
    kex: { name: kex.name, epk: epkText },
    iv,
    ciphertext,
  };
  return { header, curve, epk, ...decoded };
}

/**
 * Validates a submission header given as an object or as its JSON text: exact fields, known
 * version, algorithm and key agreement, exact lengths. Whether a P-256 `epk` is on the curve
 * is only known when it is imported, in openSubmission.
 * @throws {DecryptionError} `malformed`, `unsupported` or `bad-public-key`.
 */
export function parseSubmissionHeader(value: unknown): SubmissionHeader {
  return decodeSubmissionHeader(value).header;
}
