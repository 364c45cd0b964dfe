import { ownBytes, randomBytes } from './bytes.js';
import { Cutter } from './cutter.js';
import {
  NONCE_PREFIX_BYTES,
  makeHeader,
  segmentCount,
  segmentLength,
  segmentParams,
} from './stream-format.js';

/**
 * Push-based encryptor for one file: feed plaintext chunks of any size, get the header and
 * then one sealed segment at a time. Holds at most one segment of plaintext.
 */
export class StreamEncryptor {
  readonly header: Uint8Array<ArrayBuffer>;
  private readonly count: number;
  private readonly cutter: Cutter;
  private index = 0;

  /**
   * @param plaintextBytes the exact number of bytes that will be pushed; the last segment
   *   is known from it, so a longer or shorter input is an error.
   * @param noncePrefix 7 bytes, random by default; fixed only in known-answer tests.
   */
  constructor(
    private readonly encKey: CryptoKey,
    plaintextBytes: number,
    noncePrefix: Uint8Array = randomBytes(NONCE_PREFIX_BYTES),
  ) {
    if (!Number.isSafeInteger(plaintextBytes) || plaintextBytes < 0) {
      throw new RangeError('plaintext length must be a byte count');
    }
    this.header = makeHeader(noncePrefix);
    this.count = segmentCount(plaintextBytes);
    this.cutter = new Cutter(this.count, (i) => segmentLength(plaintextBytes, i), {
      tooLong: () => new RangeError('The source is longer than its declared length'),
      tooShort: () => new RangeError('The source ended before its declared length'),
    });
  }

  async *push(chunk: Uint8Array): AsyncGenerator<Uint8Array<ArrayBuffer>> {
    for (const piece of this.cutter.push(chunk)) yield await this.seal(piece);
  }

  async *finish(): AsyncGenerator<Uint8Array<ArrayBuffer>> {
    for (const piece of this.cutter.finish()) yield await this.seal(piece);
  }

  private async seal(plaintext: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
    const index = this.index++;
    const params = segmentParams(this.header, index, index === this.count - 1);
    return new Uint8Array(await crypto.subtle.encrypt(params, this.encKey, ownBytes(plaintext)));
  }
}
