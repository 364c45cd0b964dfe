import { ownBytes, releaseBytes } from './bytes.js';
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

/** A stream of the source's plaintext, in segments, read up to plaintext offset `at`. */
interface Reading {
  at: number;
  pieces: AsyncGenerator<Uint8Array>;
}

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
 * sent. Keeps the last sealed segment it made, which the next chunk usually starts in, and
 * the source's stream where it stopped, which the next chunk usually goes on from.
 */
export class RangeEncryptor {
  readonly header: Uint8Array<ArrayBuffer>;
  /** Bytes of the whole stored stream. */
  readonly size: number;
  private readonly count: number;
  private cached: { index: number; sealed: Uint8Array<ArrayBuffer> } | null = null;
  private reading: Reading | null = null;

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

  /**
   * Stored bytes [start, end) (end clamped to the size), in one array: `into` if given (it
   * must have room for them; the bytes are its first ones), else a new one. Each segment is
   * copied in as soon as it is sealed, so the caller has one buffer to send, and a caller that
   * sends chunk after chunk can hand the same buffers back: fresh memory costs the page a
   * fault per page on its first write. One read at a time: reads share the source's stream.
   */
  async read(
    start: number,
    end: number,
    into?: Uint8Array<ArrayBuffer>,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const stop = Math.min(end, this.size);
    if (!Number.isSafeInteger(start) || start < 0 || start > stop) {
      throw new RangeError('bad range');
    }
    if (into && into.length < stop - start) throw new RangeError('no room for the range');
    const out = into ? into.subarray(0, stop - start) : new Uint8Array(stop - start);
    if (start === stop) return out;
    if (start < STREAM_HEADER_BYTES) {
      out.set(this.header.subarray(start, Math.min(STREAM_HEADER_BYTES, stop)));
    }
    if (stop <= STREAM_HEADER_BYTES) return out;
    const first = Math.floor(
      (Math.max(start, STREAM_HEADER_BYTES) - STREAM_HEADER_BYTES) / SEALED_SEGMENT_SIZE,
    );
    const last = Math.floor((stop - STREAM_HEADER_BYTES - 1) / SEALED_SEGMENT_SIZE);
    try {
      await this.seal(first, last, (index, sealed) => {
        const begins = STREAM_HEADER_BYTES + index * SEALED_SEGMENT_SIZE;
        const from = Math.max(start, begins);
        const to = Math.min(stop, begins + sealed.length);
        out.set(sealed.subarray(from - begins, to - begins), from - start);
      });
    } catch (error) {
      // The stream stands wherever the failure left it: the next read opens another.
      this.close();
      throw error;
    }
    return out;
  }

  /**
   * Seals segments `first` to `last`, handing each to `take` in order. Their plaintext comes
   * from the source's stream a segment at a time, the next segment read while this one is
   * sealed (source.ts).
   */
  private async seal(
    first: number,
    last: number,
    take: (index: number, sealed: Uint8Array<ArrayBuffer>) => void,
  ): Promise<void> {
    let index = first;
    if (this.cached?.index === first) {
      take(index, this.cached.sealed);
      index++;
    }
    if (index > last) return;
    const reading = this.readFrom(index * SEGMENT_SIZE);
    while (index <= last) {
      const piece = await reading.pieces.next();
      if (piece.done || piece.value.length !== segmentLength(this.source.size, index)) break;
      reading.at += piece.value.length;
      const params = segmentParams(this.header, index, index === this.count - 1);
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt(params, this.encKey, ownBytes(piece.value)),
      );
      take(index, sealed);
      // The last one is kept: the next range usually starts in it. The others are copied
      // out, and freed now rather than at a garbage collection, which comes late for them.
      if (index === last) {
        if (this.cached) releaseBytes(this.cached.sealed);
        this.cached = { index, sealed };
      } else {
        releaseBytes(sealed);
      }
      index++;
    }
    if (index <= last) throw new RangeError('The file changed while it was being read');
  }

  /**
   * The source's stream from `begin` (a segment's start): the one already open if it stands
   * there, else a new one to the end of the source. The next range usually starts where the
   * last stopped, and goes on with a stream already under way; a new slice and stream per
   * range waited for the Blob store each time, with nothing read ahead.
   */
  private readFrom(begin: number): Reading {
    if (this.reading?.at === begin) return this.reading;
    this.close();
    return (this.reading = { at: begin, pieces: this.pieces(begin) });
  }

  /**
   * The plaintext from `begin` a segment at a time; one empty piece for an empty file's only
   * segment. A source whose slices are not Blobs is read a slice per segment.
   */
  private async *pieces(begin: number): AsyncGenerator<Uint8Array> {
    const { size } = this.source;
    if (begin === size) {
      yield new Uint8Array(0);
      return;
    }
    const slice = this.source.slice(begin, size);
    if (slice instanceof Blob) {
      yield* readChunks(slice, SEGMENT_SIZE, SEGMENT_SIZE);
      return;
    }
    for (let at = begin; at < size; at += SEGMENT_SIZE) {
      yield new Uint8Array(await this.source.slice(at, at + SEGMENT_SIZE).arrayBuffer());
    }
  }

  /** Stops reading the source ahead (an upload that ended or paused); a later read reopens it. */
  close(): void {
    this.reading?.pieces.return(undefined).catch(() => undefined);
    this.reading = null;
  }
}
