import { ownBytes } from './bytes.js';
import {
  NONCE_PREFIX_BYTES,
  SEALED_SEGMENT_SIZE,
  SEGMENT_SIZE,
  STREAM_HEADER_BYTES,
  encryptedSize,
  makeHeader,
  segmentCount,
  segmentLength,
  segmentParams,
} from './stream-format.js';

/** Anything whose bytes can be read by range: a File or Blob in the browser. */
export interface SliceableSource {
  readonly size: number;
  slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

/**
 * The stored (encrypted) form of a file, read by byte range without encrypting what comes
 * before it: the STREAM format seals each segment on its own (key, nonce prefix, index), so
 * bytes [start, end) need only the segments they fall in. A resumable upload asks for its
 * chunks this way, from wherever the server stands — after a page reload too, given the
 * same key and nonce prefix — and gets exactly the bytes an uninterrupted stream would have
 * sent. Holds one sealed segment at a time (the last one read, which the next chunk
 * usually starts in).
 */
export class RangeEncryptor {
  readonly header: Uint8Array<ArrayBuffer>;
  /** Bytes of the whole stored stream. */
  readonly size: number;
  private readonly count: number;
  private cached: { index: number; sealed: Uint8Array<ArrayBuffer> } | null = null;

  constructor(
    private readonly source: SliceableSource,
    private readonly encKey: CryptoKey,
    noncePrefix: Uint8Array,
  ) {
    if (noncePrefix.length !== NONCE_PREFIX_BYTES) throw new RangeError('bad nonce prefix');
    this.header = makeHeader(noncePrefix);
    this.size = encryptedSize(source.size);
    this.count = segmentCount(source.size);
  }

  /** Stored bytes [start, end) (end clamped to the size). */
  async read(start: number, end: number): Promise<Uint8Array<ArrayBuffer>> {
    const stop = Math.min(end, this.size);
    if (!Number.isSafeInteger(start) || start < 0 || start > stop) {
      throw new RangeError('bad range');
    }
    const out = new Uint8Array(stop - start);
    let at = start;
    while (at < stop) {
      let piece: Uint8Array;
      let pieceStart: number;
      if (at < STREAM_HEADER_BYTES) {
        piece = this.header;
        pieceStart = 0;
      } else {
        const index = Math.floor((at - STREAM_HEADER_BYTES) / SEALED_SEGMENT_SIZE);
        piece = await this.segment(index);
        pieceStart = STREAM_HEADER_BYTES + index * SEALED_SEGMENT_SIZE;
      }
      const from = at - pieceStart;
      const take = Math.min(piece.length - from, stop - at);
      out.set(piece.subarray(from, from + take), at - start);
      at += take;
    }
    return out;
  }

  private async segment(index: number): Promise<Uint8Array<ArrayBuffer>> {
    if (this.cached?.index === index) return this.cached.sealed;
    const begin = index * SEGMENT_SIZE;
    const plain = await this.source
      .slice(begin, begin + segmentLength(this.source.size, index))
      .arrayBuffer();
    const params = segmentParams(this.header, index, index === this.count - 1);
    const sealed = new Uint8Array(
      await crypto.subtle.encrypt(params, this.encKey, ownBytes(new Uint8Array(plain))),
    );
    this.cached = { index, sealed };
    return sealed;
  }
}
