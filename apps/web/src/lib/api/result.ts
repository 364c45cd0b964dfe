import type { ErrorCode, FieldError } from '@codedrop/contract';

/** Failures the browser sees that the server never sends as a problem code. */
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
}

/** What every API call returns instead of throwing (docs/architecture.md#conventions). */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; problem: ClientProblem };

/** The part of a zod schema the client needs, so this module does not import zod itself. */
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
