import { fetchFailure, problemFromBody } from './request';
import type { ApiResult, ClientProblem, Parser } from './result';

export interface UploadProgress {
  /** Request-body bytes sent so far. */
  loaded: number;
  total: number;
}

/** One file part of a multipart form. */
export interface FilePart {
  field: string;
  blob: Blob;
  name: string;
}

export interface MultipartUpload {
  /** Text fields, sent in this order before the file parts (the server reads them first). */
  fields: [name: string, value: string][];
  /** The file parts, sent in this order after the fields. */
  files: readonly FilePart[];
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form with XMLHttpRequest: unlike fetch, it reports upload progress (of
 * the whole body, so one bar covers every file part), and
 * Chromium refuses streamed fetch bodies over HTTP/1.1 (docs/design.md#encryption). Never throws;
 * the result is the same value the API client's calls return.
 */
export function uploadMultipart<T>(
  path: string,
  parser: Parser<T>,
  upload: MultipartUpload,
): Promise<ApiResult<T>> {
  const form = new FormData();
  for (const [name, value] of upload.fields) form.append(name, value);
  for (const part of upload.files) form.append(part.field, part.blob, part.name);

  return new Promise((resolve) => {
    const { signal } = upload;
    if (signal?.aborted) {
      resolve({ ok: false, problem: fetchFailure(signal.reason, signal) });
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = (result: ApiResult<T>) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        upload.onProgress?.({ loaded: event.loaded, total: event.total });
      }
    };
    xhr.onerror = () => settle({ ok: false, problem: fetchFailure(new TypeError('xhr failed')) });
    xhr.onabort = () => settle({ ok: false, problem: fetchFailure(undefined, signal) });
    xhr.onload = () => settle(readResponse(xhr, parser));
    signal?.addEventListener('abort', onAbort);
    xhr.send(form);
  });
}

function readResponse<T>(xhr: XMLHttpRequest, parser: Parser<T>): ApiResult<T> {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText) as unknown;
  } catch {
    body = undefined;
  }
  if (xhr.status < 200 || xhr.status >= 300) {
    const problem = problemFromBody(xhr.status, body, xhr.getResponseHeader('Retry-After'));
    return { ok: false, problem };
  }
  const parsed = parser.safeParse(body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, problem: bad(xhr) };
}

// The contract's badResponse words, translated where shown (known-words.ts).
function bad(xhr: XMLHttpRequest): ClientProblem {
  return {
    code: 'BAD_RESPONSE',
    status: xhr.status,
    title: 'Unexpected response',
    detail: 'The server sent an unexpected response. Please try again.',
  };
}
