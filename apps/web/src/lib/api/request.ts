// First: zod's CSP-safe setting, before any answer is parsed.
import '../../csp-safe-zod';
import { problemSchema, type ErrorCode } from '@codedrop/contract';
import { connectionProblem, type ApiResult, type ClientProblem, type Parser } from './result';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (the console's CSRF token). */
  headers?: Record<string, string>;
}

/**
 * One JSON call to the API. Never throws: network failures, aborts, problem+json errors,
 * non-problem error pages (a proxy's 502) and bodies that do not match the contract all
 * come back as `{ ok: false, problem }`.
 */
export async function requestJson<T>(
  path: string,
  parser: Parser<T>,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: options.signal,
    });
  } catch (error) {
    return { ok: false, problem: fetchFailure(error, options.signal) };
  }
  if (!response.ok) return { ok: false, problem: await problemFrom(response) };
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (options.signal?.aborted) return { ok: false, problem: fetchFailure(error, options.signal) };
    return { ok: false, problem: badResponse(response.status) };
  }
  const parsed = parser.safeParse(body);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, problem: badResponse(response.status) };
}

export function fetchFailure(error: unknown, signal?: AbortSignal): ClientProblem {
  if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) {
    return { code: 'ABORTED', status: 0, title: 'Cancelled', detail: 'The request was cancelled.' };
  }
  return { ...connectionProblem };
}

function badResponse(status: number): ClientProblem {
  return {
    code: 'BAD_RESPONSE',
    status,
    title: 'Unexpected response',
    detail: 'The server sent an unexpected response. Please try again.',
  };
}

/** Reads an error response: problem+json when the server sent one, else a problem from the status. */
export async function problemFrom(response: Response): Promise<ClientProblem> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return problemFromBody(response.status, body, response.headers.get('Retry-After'));
}

export function problemFromBody(
  status: number,
  body: unknown,
  retryAfterHeader: string | null,
): ClientProblem {
  const parsed = problemSchema.safeParse(body);
  const headerSeconds = retryAfterHeader === null ? NaN : Number(retryAfterHeader);
  const retryAfterSeconds = Number.isFinite(headerSeconds) ? headerSeconds : undefined;
  if (parsed.success) {
    const problem = parsed.data;
    return {
      code: problem.code,
      status: problem.status,
      title: problem.title,
      detail: problem.detail,
      errors: problem.errors,
      retryAfterSeconds: problem.retryAfterSeconds ?? retryAfterSeconds,
      attemptsLeft: problem.attemptsLeft,
    };
  }
  return {
    code: codeForStatus(status),
    status,
    title: 'Request failed',
    detail: 'Something went wrong. Please try again.',
    retryAfterSeconds,
  };
}

/** The generic code a bare HTTP status stands for, when the body is not a problem. */
function codeForStatus(status: number): ErrorCode {
  const generic: Partial<Record<number, ErrorCode>> = {
    400: 'VALIDATION_FAILED',
    401: 'UNAUTHORIZED',
    403: 'FORBIDDEN',
    404: 'NOT_FOUND',
    405: 'METHOD_NOT_ALLOWED',
    408: 'REQUEST_TIMEOUT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
    431: 'HEADERS_TOO_LARGE',
    503: 'SERVICE_UNAVAILABLE',
    507: 'INSUFFICIENT_STORAGE',
  };
  return generic[status] ?? 'INTERNAL';
}
