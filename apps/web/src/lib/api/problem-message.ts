import { messages } from '@codedrop/contract';
import { formatBytesCompact } from '../format-bytes';
import type { ClientProblem } from './result';

/** What to tell the visitor about a failed call: a short title and the sentence to show. */
export interface ProblemMessage {
  title: string;
  /** A second sentence, when the title alone does not say what to do. */
  detail?: string;
}

/**
 * The user-facing words for a problem, chosen by its code (never by its text), from
 * docs/product.md#messages, via the contract's `messages`.
 */
export function problemMessage(problem: ClientProblem, maxFileBytes?: number): ProblemMessage {
  switch (problem.code) {
    case 'SHARE_NOT_FOUND':
      return { title: messages.shareNotFound, detail: messages.lookupFailed };
    case 'SHARE_EXPIRED':
      return { title: messages.shareExpired, detail: messages.lookupFailed };
    case 'DOWNLOAD_LIMIT_REACHED':
      return { title: messages.downloadLimitReached, detail: messages.downloadLimitDetail };
    case 'SHARE_BURNT':
      return { title: messages.shareBurnt };
    case 'SHARE_DESTROYED':
      return { title: messages.shareDestroyed };
    case 'INVALID_FILE_SHARE':
      return { title: messages.invalidFileShare };
    case 'RATE_LIMITED':
      return {
        title: messages.rateLimited(Math.max(1, Math.ceil(problem.retryAfterSeconds ?? 60))),
      };
    case 'PAYLOAD_TOO_LARGE':
      return {
        title: messages.fileTooLargeTitle,
        detail:
          maxFileBytes === undefined
            ? problem.detail
            : messages.fileTooLargeDetail(formatBytesCompact(maxFileBytes)),
      };
    case 'WRONG_PASSWORD':
      return {
        title: messages.decryptFailed,
        detail:
          problem.attemptsLeft === undefined
            ? messages.decryptFailedToast
            : messages.attemptsLeft(problem.attemptsLeft),
      };
    case 'RECOVERY_NOT_FOUND':
      return { title: messages.recoveryFailedTitle, detail: messages.recoveryNotFound };
    default:
      return { title: problem.title, detail: problem.detail };
  }
}

/**
 * The home page's answer to a lookup that found nothing readable. A malformed code is the
 * same, for the visitor, as a code that does not exist.
 */
export function lookupProblemMessage(problem: ClientProblem): ProblemMessage {
  if (problem.code === 'VALIDATION_FAILED' || problem.code === 'NOT_FOUND') {
    return { title: messages.shareNotFound, detail: messages.lookupFailed };
  }
  return problemMessage(problem);
}
