import type { ReportBody, ReportReason } from '@codedrop/contract';
import type { ClientProblem } from '../../../lib/api/result';

/** What the visitor filled in, once a reason is chosen. */
export interface ReportDraft {
  reason: ReportReason;
  message: string;
  email: string;
}

export type ReportField = 'reason' | 'message' | 'email';
export type ReportFieldErrors = Partial<Record<ReportField, string>>;

const reportFields: readonly ReportField[] = ['reason', 'message', 'email'];

/** The request body: blank optional fields are left out rather than sent empty. */
export function reportBody({ reason, ...draft }: ReportDraft): ReportBody {
  const message = draft.message.trim();
  const email = draft.email.trim();
  return {
    reason,
    ...(message === '' ? {} : { message }),
    ...(email === '' ? {} : { email }),
  };
}

/**
 * The server's complaints about the form's own fields, to show next to them; null when it
 * named none of them, so the problem is shown as a whole instead.
 */
export function reportFieldErrors(problem: ClientProblem): ReportFieldErrors | null {
  const errors: ReportFieldErrors = {};
  for (const { field, message } of problem.errors ?? []) {
    const known = reportFields.find((name) => name === field);
    if (known !== undefined && errors[known] === undefined) errors[known] = message;
  }
  return Object.keys(errors).length === 0 ? null : errors;
}
