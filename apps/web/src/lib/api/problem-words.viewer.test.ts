import { messages, type ErrorCode } from '@codedrop/contract';
import { describe, expect, it } from 'vitest';
import { englishI18n } from '../../test-support/english';
import { problemWords } from './problem-words';

// The viewer's and a lookup's words.
const problemMessage = (problem: ClientProblem, maxFileBytes?: number) =>
  problemWords('viewer', problem, englishI18n, { maxFileBytes });
const lookupProblemMessage = (problem: ClientProblem) =>
  problemWords('lookup', problem, englishI18n);

import type { ClientProblem } from './result';

const problem = (
  code: ClientProblem['code'],
  extra: Partial<ClientProblem> = {},
): ClientProblem => ({
  code,
  status: 400,
  title: 'server title',
  detail: 'server detail',
  ...extra,
});

describe('problemMessage', () => {
  it.each<[ErrorCode, string, string | undefined]>([
    ['SHARE_NOT_FOUND', messages.shareNotFound, messages.lookupFailed],
    ['SHARE_EXPIRED', messages.shareExpired, messages.lookupFailed],
    ['DOWNLOAD_LIMIT_REACHED', messages.downloadLimitReached, messages.downloadLimitDetail],
    ['SHARE_BURNT', messages.shareBurnt, undefined],
    ['SHARE_DESTROYED', messages.shareDestroyed, undefined],
    ['INVALID_FILE_SHARE', messages.invalidFileShare, undefined],
    ['SHARE_QUARANTINED', messages.shareQuarantined, undefined],
    ['RECOVERY_NOT_FOUND', messages.recoveryFailedTitle, messages.recoveryNotFound],
  ])('%s reads the catalogue words', (code, title, detail) => {
    expect(problemMessage(problem(code))).toEqual({ title, detail });
  });

  it('tells a rate-limited visitor how long to wait', () => {
    expect(problemMessage(problem('RATE_LIMITED', { retryAfterSeconds: 42 })).title).toBe(
      'Too many attempts. Please wait 42 seconds and try again.',
    );
    expect(problemMessage(problem('RATE_LIMITED', { retryAfterSeconds: 0.2 })).title).toBe(
      messages.rateLimited(1),
    );
  });

  it('names the configured size limit for a file that is too large', () => {
    expect(problemMessage(problem('PAYLOAD_TOO_LARGE'), 52_428_800)).toEqual({
      title: 'File too large',
      detail: 'Please select a file smaller than 50MB',
    });
  });

  it('counts the password attempts left', () => {
    expect(problemMessage(problem('WRONG_PASSWORD', { attemptsLeft: 3 }))).toEqual({
      title: messages.decryptFailed,
      detail: '3 attempts left.',
    });
  });

  it('falls back to what the server said', () => {
    expect(problemMessage(problem('INTERNAL'))).toEqual({
      title: 'server title',
      detail: 'server detail',
    });
  });
});

describe('lookupProblemMessage', () => {
  it('treats a malformed code like an unknown one', () => {
    expect(lookupProblemMessage(problem('VALIDATION_FAILED'))).toEqual({
      title: messages.shareNotFound,
      detail: messages.lookupFailed,
    });
  });

  it('passes other problems through', () => {
    expect(lookupProblemMessage(problem('SHARE_EXPIRED')).title).toBe('Share has expired');
  });

  it('says a quarantined share is under review, not missing', () => {
    expect(lookupProblemMessage(problem('SHARE_QUARANTINED', { status: 451 }))).toEqual({
      title: 'This content is unavailable while it is reviewed.',
    });
  });
});
