import { messages } from '@codedrop/contract';
import { CliError } from '../cli-errors.js';

/** An error the API answered with (docs/api.md): its `detail` is the message shown. */
export class ApiError extends CliError {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

interface ProblemFields {
  detail?: unknown;
  code?: unknown;
  attemptsLeft?: unknown;
  retryAfterSeconds?: unknown;
}

/** Reads an error response: problem+json when it is one, else the HTTP status. */
export async function apiErrorFrom(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let problem: ProblemFields = {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'object' && parsed !== null) problem = parsed as ProblemFields;
  } catch {
    // Not JSON: a proxy's error page, say. The status line is all there is to tell.
  }
  const code = typeof problem.code === 'string' ? problem.code : undefined;
  if (typeof problem.detail !== 'string' || problem.detail === '') {
    const status = `${response.status} ${response.statusText}`.trim();
    return new ApiError(`the server answered ${status}`, response.status, code);
  }
  let message = problem.detail;
  // The web app shows the attempts left under the same sentence; the CLI says it too.
  if (code === 'WRONG_PASSWORD' && typeof problem.attemptsLeft === 'number') {
    message += ` ${messages.attemptsLeft(problem.attemptsLeft)}`;
  }
  return new ApiError(message, response.status, code);
}

/** No answer at all: the connection failed, was refused or dropped. A resumable upload retries these. */
export class NetworkError extends CliError {}

/** A fetch that never reached an answer: the reason, in words, from undici's cause. */
export function networkError(server: string, error: unknown): NetworkError {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const reasons: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'host not found',
    EAI_AGAIN: 'host not found',
    ECONNRESET: 'the connection was reset',
    ETIMEDOUT: 'the connection timed out',
    UND_ERR_SOCKET: 'the connection was closed',
    UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  };
  const reason =
    (code && reasons[code]) ??
    (typeof cause?.message === 'string' ? cause.message : undefined) ??
    (error instanceof Error ? error.message : String(error));
  return new NetworkError(`cannot reach ${server} (${reason})`);
}
