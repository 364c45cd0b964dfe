import { randomBytes } from 'node:crypto';
import { maxSubmissionHeaderChars, type Submission } from '@codedrop/contract';
import { parseSubmissionHeader } from '@codedrop/crypto';
import { AppError } from '../../http/app-error.js';
import type { StoredSubmission } from './submissions.repository.js';

// A submission's header on its way in (checked as packages/crypto reads it) and out.

/** What the API shows of a stored submission. */
export function submissionView(submission: StoredSubmission): Submission {
  return {
    id: submission.id,
    createdAt: submission.createdAt.toISOString(),
    // Checked by parseSubmissionHeader when it was stored.
    header: JSON.parse(submission.header) as Submission['header'],
    storedBytes: submission.storedBytes,
    hasFile: submission.blobKey !== null,
  };
}

/** A submission's header, checked as packages/crypto reads it, as JSON text to store. */
export function checkedHeader(header: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(parseSubmissionHeader(header));
  } catch (error) {
    throw AppError.validation(
      'header',
      `Not a valid submission header: ${(error as Error).message}`,
    );
  }
  if (text.length > maxSubmissionHeaderChars) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The submission header is too large');
  }
  return text;
}

export const newSubmissionId = () => randomBytes(18).toString('base64url');
