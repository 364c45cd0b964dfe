import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { problemWords, type ProblemMessage } from '../../lib/api/problem-words';
import type { ClientProblem } from '../../lib/api/result';
import { productMessages } from '../../lib/i18n/product-messages';

/**
 * What a sender or the asker is told of a failed call on a request, by problem code (never
 * by its text): a request that is full, closed to a kind of submission or gone says so in
 * the words of a request; anything else as the create pages say it.
 */
export function requestProblemWords(
  problem: ClientProblem,
  i18n: I18n,
  context: { failureTitle: string; maxFileBytes?: number },
): ProblemMessage {
  const messages = productMessages(i18n);
  switch (problem.code) {
    case 'REQUEST_FULL':
      return { title: requestFull(i18n) };
    case 'REQUEST_NOT_ACCEPTING':
      // The server's sentence says which kind (the contract's, translated where known).
      return problemWords('viewer', problem, i18n);
    case 'SHARE_NOT_FOUND':
    case 'SHARE_DELETED':
      return { title: requestGone(i18n) };
    case 'SHARE_EXPIRED':
      return { title: t(i18n)`This request has expired.` };
    case 'SHARE_DESTROYED':
      return { title: requestDestroyed(i18n) };
    case 'SHARE_QUARANTINED':
      return { title: messages.shareQuarantined };
    default:
      return problemWords('create', problem, i18n, context);
  }
}

export const requestFull = (i18n: I18n) =>
  t(i18n)`This request is not taking any more submissions.`;

export const requestGone = (i18n: I18n) => t(i18n)`This request has ended: it no longer exists.`;

export const requestDestroyed = (i18n: I18n) =>
  t(i18n)`This request was destroyed after too many wrong passwords.`;

/** A request that is gone for good: nothing left to send to or pick up. */
export const isGoneProblem = (problem: ClientProblem) =>
  problem.status === 404 || problem.status === 410;
