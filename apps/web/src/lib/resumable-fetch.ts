import { fetchFailure, problemFrom } from './api/request';
import type { ApiResult } from './api/result';

export interface ResumableBody {
  /** The whole body, in order, however many times the connection was resumed. */
  body: ReadableStream<Uint8Array>;
  /** Bytes in the whole body, when the server said. */
  total: number | null;
}

/** How often a broken download picks up where it stopped before giving up. */
const maxResumes = 3;

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

  let reader = response.body.getReader();
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
    reader = next.body.getReader();
  }

  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        try {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          received += value.byteLength;
          return controller.enqueue(value);
        } catch (error) {
          await resume(error);
        }
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { ok: true, data: { body, total } };
}
