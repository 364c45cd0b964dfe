import type { ErrorCode, FieldError } from '../problem.js';

// What every call of the API client answers. Without zod: a page that only shows a failed
// load (lib/api/load-on-use.ts in the web app) loads none of it.

/** Failures a client sees that the server never sends as a problem code. */
export type ClientOnlyCode = 'NETWORK_ERROR' | 'BAD_RESPONSE' | 'ABORTED';

/** An API problem (docs/api.md), or one of the failures that happen before a problem exists. */
export interface ClientProblem {
  code: ErrorCode | ClientOnlyCode;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  title: string;
  detail: string;
  errors?: FieldError[];
  retryAfterSeconds?: number;
  attemptsLeft?: number;
  /** On a share lookup's 404: the code is a request's or a room's. */
  kind?: 'request' | 'room';
}

/** What every API call returns instead of throwing (docs/architecture.md#conventions). */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; problem: ClientProblem };

/** The part of a zod schema a client needs to check an answer. */
export interface Parser<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

/** No answer at all: the network, or a part of the page that could not be loaded. */
export const connectionProblem: ClientProblem = {
  code: 'NETWORK_ERROR',
  status: 0,
  title: 'Connection problem',
  detail: 'Could not reach CodeDrop. Please check your connection and try again.',
};

/** What a fetch that threw (or was aborted through `signal`) stands for. */
export function fetchFailure(error: unknown, signal?: AbortSignal): ClientProblem {
  if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) {
    return { code: 'ABORTED', status: 0, title: 'Cancelled', detail: 'The request was cancelled.' };
  }
  return { ...connectionProblem };
}

/** A success whose body is not what the contract says. */
export function badResponse(status: number): ClientProblem {
  return {
    code: 'BAD_RESPONSE',
    status,
    title: 'Unexpected response',
    detail: 'The server sent an unexpected response. Please try again.',
  };
}
