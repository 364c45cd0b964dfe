import type { ByteReader } from '@codedrop/crypto';
import { fetchFailure, problemFrom } from './api/request';
import type { ApiResult } from './api/result';

export interface ResumableBody {
  /** The whole body, in order, however many times the connection was resumed. */
  body: ReadableStream<Uint8Array>;
  /**
   * The same body, read into buffers the caller brings, where responses have BYOB readers
   * (Chromium's do); read one or the other. Decryption fills whole segments in two buffers
   * it reuses, instead of taking a fresh chunk per network read and cutting it into
   * segments (docs/benchmarks.md#encryption-in-the-browser).
   */
  byteReader?: ByteReader;
  /** Bytes in the whole body, when the server said. */
  total: number | null;
}

/** How often a broken download picks up where it stopped before giving up. */
const maxResumes = 3;

// What `body` reads at a time from a response read with a BYOB reader.
const chunkBytes = 64 * 1024;
// The most `byteReader` reads at a time, into a buffer it keeps.
const spareBytes = 256 * 1024;

/** A response body's reader: BYOB where the body is a byte stream, else the default one. */
type BodyReader =
  | { byob: ReadableStreamBYOBReader }
  | { byob?: undefined; plain: ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>> };

function readerOf(body: ReadableStream<Uint8Array<ArrayBuffer>>): BodyReader {
  try {
    return { byob: body.getReader({ mode: 'byob' }) };
  } catch {
    return { plain: body.getReader() };
  }
}

/**
 * GETs a download URL as a stream that survives a dropped connection: when the body
 * breaks off, the rest is asked for with `Range: bytes=<received>-` and appended, so bytes
 * already fetched are never fetched again (a download URL serves only a few complete
 * transfers, and a resumed one counts once). A server that cannot resume (no 206 from the
 * right offset) ends the stream with the original error. Never throws; the stream errors.
 */
export async function fetchResumable(
  url: string,
  signal?: AbortSignal,
): Promise<ApiResult<ResumableBody>> {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    return { ok: false, problem: fetchFailure(error, signal) };
  }
  if (!response.ok) return { ok: false, problem: await problemFrom(response) };
  const header = response.headers.get('Content-Length');
  const total = header === null || Number.isNaN(Number(header)) ? null : Number(header);
  if (response.body === null) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { ok: true, data: { body: new Blob([bytes]).stream(), total: bytes.byteLength } };
  }

  let reader = readerOf(response.body);
  const readsInPlace = reader.byob !== undefined;
  let received = 0;
  let resumes = 0;

  async function resume(cause: unknown): Promise<void> {
    if (signal?.aborted || resumes >= maxResumes) throw cause;
    resumes++;
    let next: Response;
    try {
      next = await fetch(url, { signal, headers: { Range: `bytes=${received}-` } });
    } catch {
      throw cause;
    }
    const range = /^bytes (\d+)-/.exec(next.headers.get('Content-Range') ?? '');
    if (next.status !== 206 || next.body === null || Number(range?.[1]) !== received) {
      await next.body?.cancel();
      throw cause;
    }
    reader = readerOf(next.body);
    // `byteReader` reads the rest the way it read the start.
    if (readsInPlace && !reader.byob) {
      await reader.plain.cancel();
      throw cause;
    }
  }

  /** The next chunk of the body, resumed where a connection broke. */
  async function read(): Promise<ReadableStreamReadResult<Uint8Array<ArrayBuffer>>> {
    for (;;) {
      try {
        const result = reader.byob
          ? await reader.byob.read(new Uint8Array(chunkBytes))
          : await reader.plain.read();
        if (!result.done) received += result.value.byteLength;
        return result;
      } catch (error) {
        await resume(error);
      }
    }
  }

  // `byteReader` reads the response into a buffer of its own, then copies that into the
  // caller's. Read straight into the caller's, a broken connection would take that buffer
  // with it, and the bytes already in it (a segment being filled) would be lost.
  let spare: ArrayBuffer | null = null;
  async function readInto(
    view: Uint8Array<ArrayBuffer>,
  ): Promise<ReadableStreamReadResult<Uint8Array<ArrayBuffer>>> {
    if (view.byteLength === 0) throw new TypeError('A read needs room for at least one byte');
    for (;;) {
      const room = new Uint8Array(
        spare ?? new ArrayBuffer(spareBytes),
        0,
        Math.min(view.byteLength, spareBytes),
      );
      spare = null;
      try {
        // Only responses with a BYOB reader are read here (resume refuses others).
        const { done, value } = await reader.byob!.read(room);
        if (value) spare = value.buffer;
        if (done) return { done: true, value: view.subarray(0, 0) };
        view.set(value);
        received += value.byteLength;
        return { done: false, value: view.subarray(0, value.byteLength) };
      } catch (error) {
        await resume(error);
      }
    }
  }
  const cancel = (reason?: unknown) => (reader.byob ?? reader.plain).cancel(reason);

  // highWaterMark 0: nothing is read before a reader asks, so `byteReader` may be used instead.
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel,
    },
    { highWaterMark: 0 },
  );
  const byteReader: ByteReader | undefined = readsInPlace
    ? {
        read: readInto,
        cancel,
        releaseLock: () => undefined,
      }
    : undefined;
  return { ok: true, data: { body, byteReader, total } };
}
