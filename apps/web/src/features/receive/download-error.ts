import { messages } from '@codedrop/contract';
import { problemMessage } from '../../lib/api/problem-message';
import type { ClientProblem } from '../../lib/api/result';

/**
 * The description under "Download failed" (docs/product.md#downloads): the reason when there is one
 * the visitor can act on, else "Failed to download file".
 */
export function downloadErrorMessage(problem: ClientProblem): string {
  switch (problem.code) {
    case 'DOWNLOAD_LIMIT_REACHED':
      return messages.downloadLimitReached;
    case 'SHARE_EXPIRED':
      return messages.shareExpired;
    case 'SHARE_NOT_FOUND':
      return messages.shareNotFound;
    case 'INVALID_FILE_SHARE':
      return messages.invalidFileShare;
    case 'DOWNLOAD_LINK_USED':
      return messages.downloadLinkUsed;
    case 'SHARE_DESTROYED':
    case 'RATE_LIMITED':
      return problemMessage(problem).title;
    case 'NETWORK_ERROR':
      return problem.detail;
    default:
      return messages.downloadFailedFallback;
  }
}
