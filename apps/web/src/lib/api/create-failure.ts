import { messages } from '@codedrop/contract';
import { formatBytesCompact } from '../format-bytes';
import type { ProblemMessage } from './problem-message';
import type { ClientProblem } from './result';

/**
 * What a create page says when the server refuses or cannot be reached: the failure title of
 * docs/product.md#creating ("Failed to create clipboard share", "Failed to upload file") with the
 * reason the visitor can act on, if any.
 */
export function createFailureMessage(
  problem: ClientProblem,
  failureTitle: string,
  /** The file limit on the file page; text pages have no file to be too large. */
  maxFileBytes?: number,
): ProblemMessage {
  switch (problem.code) {
    case 'RATE_LIMITED':
      return {
        title: failureTitle,
        detail: messages.rateLimited(Math.max(1, Math.ceil(problem.retryAfterSeconds ?? 60))),
      };
    case 'PAYLOAD_TOO_LARGE':
      // A text or note over the limit: the server says which limit (its detail).
      if (maxFileBytes === undefined) return { title: failureTitle, detail: problem.detail };
      return {
        title: messages.fileTooLargeTitle,
        detail: messages.fileTooLargeDetail(formatBytesCompact(maxFileBytes)),
      };
    case 'VALIDATION_FAILED':
      return { title: failureTitle, detail: problem.errors?.[0]?.message ?? problem.detail };
    case 'INSUFFICIENT_STORAGE':
      return { title: failureTitle, detail: messages.storageFull };
    case 'NETWORK_ERROR':
      return { title: failureTitle, detail: problem.detail };
    default:
      return { title: failureTitle };
  }
}
