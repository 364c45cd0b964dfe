import {
  authKeySchema,
  authVerifierSchema,
  envelopeSchema,
  kdfLimits,
  kdfSchema,
  sealedTextSchema,
  type Envelope as WireEnvelope,
  type SealedText as WireSealedText,
  type Kdf as WireKdf,
} from '@codedrop/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  WRITE_ITERATIONS,
  createKeys,
  sealRoomText,
  toBase64,
  type Envelope,
  type KdfParams,
  type SealedRoomText,
} from '../src/index.js';
import { MAX_ITERATIONS, MIN_ITERATIONS } from '../src/kdf.js';
import { encryptFileMeta } from '../src/file-meta.js';
import { encryptText } from '../src/envelope.js';

// The library duplicates three numbers and two shapes of the wire contract to keep zod out
// of the browser bundle; these tests keep the copies honest.
describe('agreement with @codedrop/contract', () => {
  it('uses the same iteration limits', () => {
    expect({
      minIter: MIN_ITERATIONS,
      maxIter: MAX_ITERATIONS,
      writeIter: WRITE_ITERATIONS,
    }).toEqual(kdfLimits);
  });

  it('has the same envelope and kdf types', () => {
    expectTypeOf<Envelope>().toEqualTypeOf<WireEnvelope>();
    expectTypeOf<KdfParams>().toEqualTypeOf<WireKdf>();
    expectTypeOf<SealedRoomText>().toEqualTypeOf<WireSealedText>();
  });

  it('writes envelopes, kdf objects, verifiers and keys the contract accepts', async () => {
    const text = await encryptText('pw', 'hello', { iter: kdfLimits.minIter });
    const meta = await encryptFileMeta('pw', [{ name: 'a', type: 'b', size: 1 }], {
      iter: 100_000,
    });
    expect(envelopeSchema.parse(text.envelope)).toEqual(text.envelope);
    expect(envelopeSchema.parse(meta.envelope)).toEqual(meta.envelope);
    expect(authVerifierSchema.parse(text.authVerifier)).toBe(text.authVerifier);
    expect(authKeySchema.parse(toBase64(text.authKey))).toBe(toBase64(text.authKey));

    const writer = await createKeys('pw');
    expect(kdfSchema.parse(writer.kdf)).toEqual(writer.kdf);
    const sealed = await sealRoomText(writer.encKey, '4821', 'hello');
    expect(sealedTextSchema.parse(sealed)).toEqual(sealed);
  }, 20_000);
});
