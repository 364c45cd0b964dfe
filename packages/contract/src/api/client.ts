import type { z } from 'zod';
import { problemSchema, type ErrorCode } from '../problem.js';
import { badResponse, fetchFailure, type ApiResult, type ClientProblem } from './result.js';
import { pathTo, type Endpoint, type HttpMethod, type PathParams } from './endpoint.js';

/** An endpoint a client can call: one method. */
export type CallableEndpoint = Endpoint & { readonly method: HttpMethod };

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206;
type Responses<E> = E extends { readonly responses: infer R } ? R : never;

/** What a successful call answers: the output of the endpoint's 2xx schema. */
export type AnswerOf<E> = {
  [S in keyof Responses<E>]: S extends SuccessStatus
    ? Responses<E>[S] extends z.ZodType
      ? z.output<Responses<E>[S]>
      : never
    : never;
}[keyof Responses<E>];

type ParamsOption<E extends Endpoint> = keyof PathParams<E['path']> extends never
  ? { params?: Record<string, never> }
  : { params: PathParams<E['path']> };

type BodyOption<E> = E extends { readonly body: infer B extends z.ZodType }
  ? undefined extends z.input<B>
    ? { body?: z.input<B> }
    : { body: z.input<B> }
  : { body?: undefined };

/** A call's path parameters, JSON body, extra headers and abort signal. */
export type CallOptions<E extends Endpoint> = ParamsOption<E> &
  BodyOption<E> & {
    /** Extra request headers (the console's CSRF token, a delete token). */
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

/** A call's options argument, optional when nothing in it is required. */
export type CallArgs<E extends Endpoint> =
  Record<string, never> extends CallOptions<E>
    ? [options?: CallOptions<E>]
    : [options: CallOptions<E>];

export interface ApiClientOptions {
  /** The fetch to use; the global one, looked up at each request, by default. */
  fetch?: typeof fetch;
}

/**
 * A client of the API at `baseUrl` ('' for the page's own origin). Never throws: network
 * failures, aborts, problem+json errors, non-problem error pages (a proxy's 502) and
 * bodies that do not match the contract all come back as `{ ok: false, problem }`.
 */
export function createApiClient(baseUrl: string, clientOptions: ApiClientOptions = {}) {
  /** One request; a 2xx answer comes back as it is, for the caller to read. */
  async function send<E extends CallableEndpoint>(
    endpoint: E,
    ...[options]: CallArgs<E>
  ): Promise<ApiResult<Response>> {
    const { params, body, signal } = (options ?? {}) as CallOptions<Endpoint>;
    const headers: Record<string, string> = { Accept: 'application/json', ...options?.headers };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const url = `${baseUrl}${pathTo(endpoint as Endpoint, params)}`;
    // Read from the endpoint outside the try: the web bundler gives up tracking what a call
    // in a try block reads, and would keep every endpoint's request schemas in the page.
    const init: RequestInit = {
      method: endpoint.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    };
    let response: Response;
    try {
      response = await (clientOptions.fetch ?? fetch)(url, init);
    } catch (error) {
      return { ok: false, problem: fetchFailure(error, signal) };
    }
    if (!response.ok) return { ok: false, problem: await problemFrom(response) };
    return { ok: true, data: response };
  }

  /** One JSON call, its answer checked against the endpoint's schema for the status. */
  async function call<E extends CallableEndpoint>(
    endpoint: E,
    ...args: CallArgs<E>
  ): Promise<ApiResult<AnswerOf<E>>> {
    const sent = await send(endpoint, ...args);
    if (!sent.ok) return sent;
    const response = sent.data;
    const schema = endpoint.responses?.[response.status];
    if (schema === undefined) return { ok: false, problem: badResponse(response.status) };
    let answer: unknown = null;
    if (response.status !== 204) {
      try {
        answer = await response.json();
      } catch (error) {
        return { ok: false, problem: readFailure(error, response.status, args[0]?.signal) };
      }
    }
    const parsed = schema.safeParse(answer);
    return parsed.success
      ? { ok: true, data: parsed.data as AnswerOf<E> }
      : { ok: false, problem: badResponse(response.status) };
  }

  return { call, send };
}

/** A body that could not be read: cancelled by its caller, or not JSON. */
function readFailure(error: unknown, status: number, signal?: AbortSignal): ClientProblem {
  return signal?.aborted ? fetchFailure(error, signal) : badResponse(status);
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
      ...(problem.kind === undefined ? {} : { kind: problem.kind }),
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
