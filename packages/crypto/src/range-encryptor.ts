import { ownBytes } from './bytes.js';
import { readChunks } from './source.js';
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
 * sent. Keeps the last sealed segment it made, which the next chunk usually starts in.
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

  /** Stored bytes [start, end) (end clamped to the size), in one array. */
  async read(start: number, end: number): Promise<Uint8Array<ArrayBuffer>> {
    const parts = await this.readParts(start, end);
    const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
    return out;
  }

  /**
   * Stored bytes [start, end) (end clamped to the size) as views of the header and of the
   * sealed segments, in order: nothing is copied, for a caller that makes a Blob of them.
   * The views stay the encryptor's (the last segment is kept for the next read): never free
   * or transfer them.
   */
  async readParts(start: number, end: number): Promise<Uint8Array<ArrayBuffer>[]> {
    const stop = Math.min(end, this.size);
    if (!Number.isSafeInteger(start) || start < 0 || start > stop) {
      throw new RangeError('bad range');
    }
    const parts: Uint8Array<ArrayBuffer>[] = [];
    if (start === stop) return parts;
    if (start < STREAM_HEADER_BYTES) {
      parts.push(this.header.subarray(start, Math.min(STREAM_HEADER_BYTES, stop)));
    }
    if (stop <= STREAM_HEADER_BYTES) return parts;
    const first = Math.floor(
      (Math.max(start, STREAM_HEADER_BYTES) - STREAM_HEADER_BYTES) / SEALED_SEGMENT_SIZE,
    );
    const last = Math.floor((stop - STREAM_HEADER_BYTES - 1) / SEALED_SEGMENT_SIZE);
    let index = first;
    for (const sealed of await this.seal(first, last)) {
      const begins = STREAM_HEADER_BYTES + index * SEALED_SEGMENT_SIZE;
      const from = Math.max(start, begins) - begins;
      parts.push(sealed.subarray(from, Math.min(stop, begins + sealed.length) - begins));
      index++;
    }
    return parts;
  }

  /**
   * Sealed segments `first` to `last`. Their plaintext is one slice of the source, read as a
   * stream a segment at a time, the next segment read while this one is sealed (source.ts).
   * A slice read per segment, as before, took a round trip to the Blob store and a fresh
   * buffer each: reading cost as much as sealing.
   */
  private async seal(first: number, last: number): Promise<Uint8Array<ArrayBuffer>[]> {
    const sealed: Uint8Array<ArrayBuffer>[] = [];
    let index = first;
    if (this.cached?.index === first) {
      sealed.push(this.cached.sealed);
      index++;
    }
    if (index <= last) {
      const begin = index * SEGMENT_SIZE;
      const end = last * SEGMENT_SIZE + segmentLength(this.source.size, last);
      for await (const piece of this.plaintext(begin, end)) {
        if (index > last || piece.length !== segmentLength(this.source.size, index)) break;
        const params = segmentParams(this.header, index, index === this.count - 1);
        sealed.push(
          new Uint8Array(await crypto.subtle.encrypt(params, this.encKey, ownBytes(piece))),
        );
        index++;
      }
      if (index <= last) throw new RangeError('The file changed while it was being read');
    }
    this.cached = { index: last, sealed: sealed[sealed.length - 1]! };
    return sealed;
  }

  /**
   * The plaintext [begin, end) a segment at a time; one empty piece for an empty file's only
   * segment. A slice that is not a Blob (another SliceableSource) is read whole.
   */
  private async *plaintext(begin: number, end: number): AsyncGenerator<Uint8Array> {
    if (begin === end) {
      yield new Uint8Array(0);
      return;
    }
    const slice = this.source.slice(begin, end);
    if (slice instanceof Blob) {
      yield* readChunks(slice, SEGMENT_SIZE, SEGMENT_SIZE);
      return;
    }
    const bytes = new Uint8Array(await slice.arrayBuffer());
    for (let at = 0; at < bytes.length; at += SEGMENT_SIZE) {
      yield bytes.subarray(at, at + SEGMENT_SIZE);
    }
  }
}
