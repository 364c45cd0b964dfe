import { messages } from '@codedrop/contract';
import type { ClientProblem } from '../../lib/api/result';

/** A failed console call in words: the wait for a rate limit, else the server's own. */
export function problemText(problem: ClientProblem): string {
  if (problem.code === 'RATE_LIMITED') {
    return messages.rateLimited(Math.max(1, Math.ceil(problem.retryAfterSeconds ?? 60)));
  }
  return problem.detail || problem.title;
}
