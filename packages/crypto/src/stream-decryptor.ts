import { ownBytes } from './bytes.js';
import { Cutter } from './cutter.js';
import { DecryptionError } from './errors.js';
import { TAG_BYTES } from './envelope-parse.js';
import {
  STREAM_HEADER_BYTES,
  checkHeader,
  plaintextSize,
  segmentCount,
  segmentLength,
  segmentParams,
} from './stream-format.js';

/**
 * Push-based decryptor for one stored file: feed ciphertext chunks of any size, get one
 * authenticated plaintext segment at a time. Nothing is yielded before its tag verifies,
 * but earlier segments are yielded before a later one fails: a caller must discard
 * everything it got once any call throws. The stream wrappers hold the last segment back
 * until `finish` has confirmed the length, so a stream that closes cleanly was all valid.
 */
export class StreamDecryptor {
  private readonly count: number;
  private readonly cutter: Cutter;
  private header: Uint8Array<ArrayBuffer> | null = null;
  private index = 0;

  /**
   * @param storedBytes total ciphertext length (header included), which tells which segment
   *   is last.
   * @param expectedPlaintextBytes the `size` from the file's encrypted metadata.
   * @throws {DecryptionError} `malformed` for an impossible length, `size-mismatch` when the
   *   length does not match the expected plaintext size.
   */
  constructor(
    private readonly encKey: CryptoKey,
    storedBytes: number,
    expectedPlaintextBytes: number,
  ) {
    const plaintextBytes = plaintextSize(storedBytes);
    if (plaintextBytes === null) {
      throw new DecryptionError('malformed', 'No encrypted stream has this length');
    }
    if (plaintextBytes !== expectedPlaintextBytes) {
      throw new DecryptionError('size-mismatch', 'The stream does not hold the expected size');
    }
    this.count = segmentCount(plaintextBytes);
    // Piece 0 is the header, piece i + 1 is sealed segment i.
    const pieceLength = (piece: number) =>
      piece === 0 ? STREAM_HEADER_BYTES : segmentLength(plaintextBytes, piece - 1) + TAG_BYTES;
    this.cutter = new Cutter(this.count + 1, pieceLength, {
      tooLong: () => new DecryptionError('extended', 'The stream is longer than declared'),
      tooShort: () => new DecryptionError('truncated', 'The stream ended early'),
    });
  }

  /** True once the last segment has been opened; only `finish` can still fail. */
  get complete(): boolean {
    return this.index === this.count;
  }

  async *push(chunk: Uint8Array): AsyncGenerator<Uint8Array<ArrayBuffer>> {
    for (const piece of this.cutter.push(chunk)) {
      if (this.header === null) {
        checkHeader(piece);
        this.header = new Uint8Array(piece);
      } else {
        yield await this.open(this.header, piece);
      }
    }
  }

  /** @throws {DecryptionError} `truncated` when input is missing. */
  finish(): void {
    // Every piece has a non-zero length, so this only checks that nothing is missing.
    this.cutter.finish();
  }

  private async open(
    header: Uint8Array<ArrayBuffer>,
    sealed: Uint8Array,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const index = this.index++;
    const params = segmentParams(header, index, index === this.count - 1);
    try {
      return new Uint8Array(await crypto.subtle.decrypt(params, this.encKey, ownBytes(sealed)));
    } catch (cause) {
      throw new DecryptionError('authentication', `Segment ${index} failed authentication`, {
        cause,
      });
    }
  }
}
