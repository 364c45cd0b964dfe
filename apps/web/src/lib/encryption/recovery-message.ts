import { messages } from '@codedrop/contract';
import { problemMessage, type ProblemMessage } from '../api/problem-message';
import type { ClientProblem } from '../api/result';

/**
 * The words of docs/product.md#recovery for a recovery request that did not send an email:
 * "Recovery Failed" with the server's sentence when no share matches, a wait when rate limited, and
 * "Unable to Send Email" for everything else.
 */
export function recoveryProblemMessage(problem: ClientProblem): ProblemMessage {
  switch (problem.code) {
    case 'RECOVERY_NOT_FOUND':
      return {
        title: messages.recoveryFailedTitle,
        detail: problem.detail.trim() === '' ? messages.recoveryNotFound : problem.detail,
      };
    case 'VALIDATION_FAILED':
      return {
        title: messages.recoveryFailedTitle,
        detail: problem.errors?.[0]?.message ?? messages.recoveryNotFound,
      };
    case 'RATE_LIMITED':
      return problemMessage(problem);
    default:
      // The reason is for the developer console; the visitor gets "Unable to Send Email".
      console.error(`Failed to send recovery email: ${problem.detail}`);
      return { title: messages.recoveryErrorTitle, detail: messages.recoveryErrorDetail };
  }
}
